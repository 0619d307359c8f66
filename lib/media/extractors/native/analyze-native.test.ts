import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { AppError } from '@/lib/errors';
import { analyzeNative } from './analyze-native';

// The real guarded fetch and guard run here: the fixture origin on loopback is exempted exactly, nothing else.
let site: FixtureSite;
let previousAllow: string | undefined;

beforeAll(async () => {
  site = await startFixtureSite();
  previousAllow = process.env.MEDIA_FETCH_ALLOW;
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
});
afterAll(async () => {
  process.env.MEDIA_FETCH_ALLOW = previousAllow ?? '';
  await site?.close();
});

const analyze = (path: string) => analyzeNative(`${site.origin}${path}`);
const errorCode = (promise: Promise<unknown>) =>
  promise.then(() => 'no error', (error: unknown) => (error instanceof AppError ? error.code : String(error)));

describe('analyzeNative against the fixture site', () => {
  it('describes a direct MP4 with its exact size, codecs, size and duration', async () => {
    const found = await analyze('/video.mp4');
    expect(found).toMatchObject({ platform: 'generic', engine: 'native', kind: 'video', title: 'video' });
    expect(found.id).toMatch(/^[0-9a-f]{12}$/);
    const [source] = found.sources;
    expect(source).toMatchObject({ protocol: 'http', container: 'mp4', vcodec: 'h264', acodec: 'aac' });
    expect(source.filesize).toBeGreaterThan(1000);
    expect(source.duration).toBeCloseTo(6, 0);
    expect(source.width).toBeGreaterThan(0);
  });

  it('describes an MP3 as audio only and a JPEG as a photo', async () => {
    const mp3 = await analyze('/audio.mp3');
    expect(mp3.sources[0]).toMatchObject({ container: 'mp3', vcodec: null, acodec: 'mp3' });
    const jpg = await analyze('/image.jpg');
    expect(jpg.kind).toBe('photo');
    expect(jpg.sources[0]).toMatchObject({ isImage: true, container: 'jpg', width: 1080, height: 1080 });
  });

  it('reads an OpenGraph page into its video with the page title and thumbnail', async () => {
    const found = await analyze('/pages/og-video.html');
    expect(found.title).toBe('OG video fixture');
    expect(found.thumbnail).toBe(`${site.origin}/image.jpg`);
    expect(found.sources.map((s) => s.url)).toEqual([`${site.origin}/video.mp4`]);
  });

  it('merges the <source> alternatives of one <video> into one item', async () => {
    const found = await analyze('/pages/video-tag.html');
    expect(found.items).toBeUndefined();
    expect(found.sources.map((s) => s.container).sort()).toEqual(['mp4', 'webm']);
  });

  it('turns an HLS master into video variants plus a separate audio format', async () => {
    const found = await analyze('/hls/master.m3u8');
    const video = found.sources.filter((s) => s.vcodec);
    expect(video.map((s) => s.height).sort((a, b) => a! - b!)).toEqual([360, 720, 1080]);
    expect(video.every((s) => s.protocol === 'hls' && s.fragments!.length >= 4 && s.acodec === null)).toBe(true);
    const audio = found.sources.filter((s) => !s.vcodec);
    expect(audio).toHaveLength(1);
    // The fixture's variants list only their video codec, so the audio codec is known to exist, not by name.
    expect(audio[0]).toMatchObject({ vcodec: null, note: 'English · en' });
    expect(audio[0].acodec).not.toBeNull();
    expect(found.duration).toBeCloseTo(8, 0);
  });

  it('marks an AES-128 stream and refuses a live one', async () => {
    const aes = await analyze('/hls-aes/master.m3u8');
    expect(aes.sources[0].encryption).toMatchObject({ method: 'AES-128', keyUrl: `${site.origin}/hls-aes/key.bin` });
    expect(await errorCode(analyze('/hls-live/master.m3u8'))).toBe('live_not_finished');
  });

  it('turns a DASH manifest into video and audio formats with fragments', async () => {
    const found = await analyze('/dash/manifest.mpd');
    expect(found.sources.some((s) => s.vcodec && !s.acodec && s.fragments!.length > 0)).toBe(true);
    expect(found.sources.some((s) => !s.vcodec && s.acodec && s.initialization)).toBe(true);
  });

  it('follows a page to its HLS stream', async () => {
    const found = await analyze('/pages/hls-page.html');
    expect(found.title).toBe('HLS page fixture');
    expect(found.sources.every((s) => s.protocol === 'hls')).toBe(true);
  });

  it('makes a carousel into items, an image post into a photo and a channel into entries', async () => {
    const carousel = await analyze('/pages/carousel.html');
    expect(carousel.kind).toBe('post');
    expect(carousel.items?.map((i) => i.sources[0].isImage ?? false)).toEqual([true, true, false]);
    const photo = await analyze('/pages/image-post.html');
    expect(photo.kind).toBe('photo');
    const channel = await analyze('/pages/channel.html');
    expect(channel.kind).toBe('playlist');
    expect(channel.entries).toHaveLength(4);
  });

  it('yields nothing from media on private addresses, and says so', async () => {
    expect(await errorCode(analyze('/pages/private-media.html'))).toBe('no_media');
    expect(await errorCode(analyze('/pages/no-media.html'))).toBe('no_media');
  });
});
