import { afterEach, describe, expect, it, vi } from 'vitest';
import { adSources, adsSettings, placementOn } from './settings';

afterEach(() => vi.unstubAllEnvs());

describe('ad settings', () => {
  it('are null, with no placement and no ad host, while no publisher id is set — whatever else is', () => {
    vi.stubEnv('ADS_PLACEMENTS', 'topBanner,rectangle');
    vi.stubEnv('ADS_AUTO', '1');
    expect(adsSettings()).toBeNull();
    expect(placementOn('topBanner')).toBe(false);
    expect(adSources()).toEqual({ script: [], connect: [], frame: [] });
  });

  it('carry the placements switched on, auto ads, and the script with the publisher id as `client`', () => {
    vi.stubEnv('ADS_PUBLISHER_ID', 'ca-pub-1234567890123456');
    vi.stubEnv('ADS_PLACEMENTS', 'rectangle,topBanner');
    expect(adsSettings()).toEqual({
      publisherId: 'ca-pub-1234567890123456',
      placements: ['topBanner', 'rectangle'],
      auto: false,
      slots: {},
      scriptUrl: 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456',
    });
    expect(placementOn('rectangle')).toBe(true);
    expect(placementOn('sideRail')).toBe(false);
    const sources = adSources();
    expect(sources.script).toEqual(['https://pagead2.googlesyndication.com']);
    expect(sources.frame).toContain('https://googleads.g.doubleclick.net');
  });

  it('admit only the configured script origin when the script is served elsewhere', () => {
    vi.stubEnv('ADS_PUBLISHER_ID', 'ca-pub-1234567890123456');
    vi.stubEnv('ADS_SCRIPT_URL', 'http://127.0.0.1:4999/stub/ads.js?v=2');
    expect(adsSettings()?.scriptUrl).toBe('http://127.0.0.1:4999/stub/ads.js?v=2&client=ca-pub-1234567890123456');
    expect(adSources()).toEqual({ script: ['http://127.0.0.1:4999'], connect: ['http://127.0.0.1:4999'], frame: ['http://127.0.0.1:4999'] });
  });
});
