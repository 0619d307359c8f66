import { describe, expect, it } from 'vitest';
import { adSize } from './sizes';

describe('ad sizes', () => {
  it('banner 728x90 on a desktop and 320x100 below 768 px; rectangle 336x280 everywhere', () => {
    expect(adSize('topBanner', 1024)).toEqual({ width: 728, height: 90 });
    expect(adSize('topBanner', 768)).toEqual({ width: 728, height: 90 });
    expect(adSize('topBanner', 767)).toEqual({ width: 320, height: 100 });
    expect(adSize('rectangle', 390)).toEqual({ width: 336, height: 280 });
    expect(adSize('rectangle', 1440)).toEqual({ width: 336, height: 280 });
  });

  it('side rail 300x600 only from 1200 px up; anchor and vignette never take a slot', () => {
    expect(adSize('sideRail', 1200)).toEqual({ width: 300, height: 600 });
    expect(adSize('sideRail', 1199)).toBeNull();
    expect(adSize('sideRail', 390)).toBeNull();
    for (const width of [390, 1440]) {
      expect(adSize('bottomAnchor', width)).toBeNull();
      expect(adSize('vignette', width)).toBeNull();
    }
  });
});
