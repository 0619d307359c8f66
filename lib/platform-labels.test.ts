import { describe, expect, it } from 'vitest';
import { GENERIC_DEFINITION, PLATFORM_DEFINITIONS } from '@/lib/media/platforms';
import { GENERIC_COLOR, PLATFORM_COLORS, PLATFORM_LABELS, platformColor, platformLabel } from './platform-labels';
import { PLATFORM_NAMES } from './platform-names';

describe('the platform names the browser gets', () => {
  it('are the engine table’s, in its order, with its colours', () => {
    expect(PLATFORM_LABELS.map((p) => [p.platform, p.label])).toEqual(PLATFORM_DEFINITIONS.map((d) => [d.platform, d.label]));
    expect(PLATFORM_COLORS).toEqual(Object.fromEntries(PLATFORM_DEFINITIONS.map((d) => [d.platform, d.color])));
    expect(GENERIC_COLOR).toBe(GENERIC_DEFINITION.color);
    expect(PLATFORM_NAMES).toEqual(PLATFORM_DEFINITIONS.map((d) => d.label));
  });

  it('name and colour only the named platforms', () => {
    expect(platformLabel('tiktok')).toBe('TikTok');
    expect(platformLabel('generic')).toBeUndefined();
    expect(platformLabel('toString')).toBeUndefined();
    expect(platformColor('facebook')).toBe('#1877F2');
    expect(platformColor('toString')).toBe(GENERIC_COLOR);
  });
});
