import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { screenSources, screenThumbnails } from '@/lib/media/analyze/screen-sources';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import type { YtdlpInfo } from '@/lib/media/ytdlp/types';
import { FIXTURE_SITE_DIR } from '@/test/fixtures/media';
import { bodyOf, probeBody, requestDownload, sha256, startDownloadEnv } from './download.testkit';

/**
 * The thumbnail offer end to end: recorded yt-dlp answers go through the engine's own conversion, the offer is
 * listed last (never the default), and GET /api/download/{id}?itag=thumb (with ?item= for a post's item) delivers
 * the largest picture as a JPEG — ffprobe reads mjpeg at the largest picture's size; a JPEG source arrives byte
 * for byte, a PNG or WebP converted.
 */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(() => env?.close());

function recorded(name: string): YtdlpInfo {
  const text = readFileSync(path.join(process.cwd(), 'test', 'fixtures', 'ytdlp-info', `${name}.json`), 'utf8');
  return JSON.parse(text.replaceAll('{{origin}}', env.site.origin)) as YtdlpInfo;
}

function analyzeRecorded(url: string, info: YtdlpInfo): Promise<AnalyzedMedia> {
  return analyzeMedia(url, { engine: 'ytdlp' }, {
    native: () => Promise.reject(new Error('the native engine must not be asked')),
    ytdlp: async (_url, recognition) => screenThumbnails(await screenSources(mapYtdlpInfo(info, recognition.platform))),
  });
}

async function probeJpeg(name: string, body: Buffer) {
  // No .jpg on the name: ffprobe would pick its file-pattern reader (image2) by the extension, which the engine's
  // demuxer whitelist refuses; the bytes themselves are read as jpeg_pipe.
  const probe = await probeBody(env.root, name, body);
  expect(probe.streams).toHaveLength(1);
  return probe.streams[0];
}

describe('the thumbnail as an offer', () => {
  it('a video: its largest thumbnail (a PNG) arrives as a JPEG of the same size, listed last', async () => {
    const media = await analyzeRecorded('https://www.youtube.com/watch?v=Xq3r8Lc2TfA', recorded('youtube-video-thumbnails'));
    const formats = media.info.formats;
    expect(formats.at(-1)).toMatchObject({ itag: 'thumb', ext: 'jpg', quality: 'thumbnail' });
    expect(formats[0].itag).not.toBe('thumb');
    expect(media.info.availableQualities).not.toContain('thumbnail');
    const res = await requestDownload(media.info.id, 'thumb', { ext: 'jpg' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toMatch(/\.jpg"/);
    const body = await bodyOf(res);
    expect([...body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const picture = await probeJpeg('video-thumb', body);
    // the 800×600 PNG (maxresdefault), not the 640×640 WebP listed first
    expect(picture).toMatchObject({ codecName: 'mjpeg', width: 800, height: 600 });
  }, 60_000);

  it('every item of a post: a JPEG thumbnail byte for byte, a WebP one converted', async () => {
    const media = await analyzeRecorded('https://x.com/NASA/status/1991234567890123456', recorded('x-multi-video'));
    const items = media.info.items!;
    expect(items.map((item) => item.formats.at(-1)?.itag)).toEqual(['i0-thumb', 'i1-thumb']);
    expect(items.map((item) => item.formats[0].ext)).toEqual(['mp4', 'mp4']);

    const first = await requestDownload(media.info.id, 'thumb', { item: items[0].id, ext: 'jpg' });
    expect(first.status).toBe(200);
    const jpeg = await bodyOf(first);
    expect(sha256(jpeg)).toBe(sha256(await readFile(path.join(FIXTURE_SITE_DIR, 'image.jpg'))));
    expect(await probeJpeg('item0-thumb', jpeg)).toMatchObject({ codecName: 'mjpeg', width: 1080, height: 1080 });

    // the prefixed itag names the same offer
    const second = await requestDownload(media.info.id, 'i1-thumb', { ext: 'jpg' });
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('image/jpeg');
    expect(await probeJpeg('item1-thumb', await bodyOf(second))).toMatchObject({ codecName: 'mjpeg', width: 640, height: 640 });
  }, 60_000);

  it('is a picture: a video over the duration limit still gives its thumbnail', async () => {
    const media = await analyzeRecorded('https://www.youtube.com/watch?v=Xq3r8Lc2TfA', recorded('youtube-video-thumbnails'));
    process.env.MAX_DURATION_S = '2';
    try {
      const video = await requestDownload(media.info.id, media.info.formats[0].itag);
      expect(video.status).toBe(422);
      expect(await video.json()).toMatchObject({ code: 'too_long' });
      const thumb = await requestDownload(media.info.id, 'thumb');
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/jpeg');
      await bodyOf(thumb);
    } finally {
      delete process.env.MAX_DURATION_S;
    }
  }, 60_000);

  it('is not offered for a photo or for sound alone', async () => {
    const media = await analyzeRecorded('https://www.tiktok.com/@alpinedays/photo/7439120345678901234', recorded('tiktok-slideshow'));
    expect(media.info.items!.flatMap((item) => item.formats.map((f) => f.itag)).filter((itag) => itag.endsWith('thumb'))).toEqual([]);
    const audio = await analyzeMedia(`${env.site.origin}/audio.mp3`, { engine: 'native' });
    expect(audio.info.formats.map((f) => f.itag)).not.toContain('thumb');
  }, 60_000);
});
