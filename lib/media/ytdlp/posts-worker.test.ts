import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveEngine } from './engine';
import { mapYtdlpInfo } from './map-info';
import { engineUrlFor } from './platform-access';
import { createYtdlpPool, type YtdlpPool } from './pool';
import { startTestSite, type TestSite } from './test-site';

/** A real worker on the current engine, reading fixture-platform pages through the test plugin. */
describe('posts through a real yt-dlp worker', () => {
  let site: TestSite;
  let pool: YtdlpPool;
  const plugins = join(process.cwd(), 'lib', 'media', 'ytdlp', 'fixtures', 'plugins');

  beforeAll(async () => {
    site = await startTestSite();
    process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
    const engine = resolveEngine();
    pool = createYtdlpPool({ size: 1, pythonPath: [engine.pythonPath, plugins].filter(Boolean).join(':') });
  });

  afterAll(async () => {
    await pool?.close();
    await site?.close();
    delete process.env.MEDIA_FETCH_ALLOW;
  });

  it('keeps a carousel\'s photo slide (no formats, only pictures) instead of failing the whole post, and leaves out its DRM slide', async () => {
    const info = await pool.extract(`${site.origin}/fixture-platform/carousel-1`);
    expect(info._type).toBe('playlist');
    expect(info.entries?.map((entry) => entry.id)).toEqual(['carousel-1-1', 'carousel-1-2']);
    const extraction = mapYtdlpInfo(info, 'instagram');
    expect(extraction.items?.map((item) => item.sources.map((s) => [s.isImage ?? false, s.container]))).toEqual([
      [[false, 'mp4']],
      [[true, 'png']],
    ]);
    expect(extraction.items?.[1].sources[0].url).toBe(`${site.origin}/image2.png`);
  });

  it('adds a TikTok slideshow\'s pictures (which yt-dlp\'s parser leaves out) to its music track', async () => {
    const info = await pool.extract(`${site.origin}/fixture-tiktok/7439120345678901234`);
    expect(info.formats?.map((f) => [f.format_id, f.vcodec])).toEqual([['audio', 'none']]);
    expect(info.grabline_slides).toEqual([1, 2, 3].map((n) => ({
      url: `${site.origin}/slide-${n}.jpeg?from=photomode`, width: 1080, height: 1440,
    })));
    const extraction = mapYtdlpInfo(info, 'tiktok');
    expect(extraction.kind).toBe('photo');
    expect(extraction.items?.map((item) => item.id)).toEqual([
      '7439120345678901234-1', '7439120345678901234-2', '7439120345678901234-3', '7439120345678901234-sound', '7439120345678901234-video',
    ]);
  });

  it('still refuses a single video without formats, in yt-dlp\'s words', async () => {
    const error = await pool.extract(`${site.origin}/fixture-platform/noformats-1`).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'format_unavailable', details: { engineMessage: expect.stringMatching(/No video formats found/) } });
  });

  it('still calls a live event that has not begun by its own reason, not "no formats"', async () => {
    const error = await pool.extract(`${site.origin}/fixture-platform/upcoming-1`).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'live_not_started' });
  });

  it('still calls a DRM-protected video DRM-protected', async () => {
    const error = await pool.extract(`${site.origin}/fixture-platform/drm-1`).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'drm_protected' });
  });
});

describe('engineUrlFor', () => {
  it('hands yt-dlp a TikTok slideshow at its /video/ address and leaves every other link alone', () => {
    expect(engineUrlFor('tiktok', 'https://www.tiktok.com/@alpinedays/photo/7439120345678901234')).toBe(
      'https://www.tiktok.com/@alpinedays/video/7439120345678901234',
    );
    expect(engineUrlFor('tiktok', 'https://www.tiktok.com/@alpinedays/video/7439120345678901234')).toBe(
      'https://www.tiktok.com/@alpinedays/video/7439120345678901234',
    );
    expect(engineUrlFor('instagram', 'https://www.instagram.com/p/DBxQmT3sYk2/')).toBe('https://www.instagram.com/p/DBxQmT3sYk2/');
  });
});
