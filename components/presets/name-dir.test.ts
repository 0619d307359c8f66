import { describe, expect, it } from 'vitest';
import { nameDir } from './name-dir';

describe('nameDir', () => {
  it('reads a name with any Arabic letter right to left, even one that starts with Latin letters', () => {
    expect(nameDir('MP4 بدقة 1080p')).toBe('rtl');
    expect(nameDir('صوت M4A')).toBe('rtl');
    expect(nameDir('720p (small)')).toBe('ltr');
    expect(nameDir('  ')).toBeUndefined();
  });
});
