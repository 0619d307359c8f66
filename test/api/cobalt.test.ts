import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStream } from '@/lib/media/ffmpeg';
import { audioBitRate, fetchLink, send, startCobaltEnv } from './cobalt.testkit';
import { bodyOf, probeBody } from './download.testkit';

/**
 * The cobalt-compatible API with requests recorded in the shapes cobalt's clients send (test/fixtures/
 * cobalt-requests): each goes through POST /api/cobalt/ as it is, the answer is checked against cobalt's response
 * kinds, and every link it hands out is fetched the way those clients do (no key) and the file probed.
 */
let cobaltEnv: Awaited<ReturnType<typeof startCobaltEnv>>;
beforeAll(async () => {
  cobaltEnv = await startCobaltEnv();
}, 120_000);
afterAll(() => cobaltEnv?.close());
const recorded = (name: string) => cobaltEnv.recorded(name);
const probeLink = (url: string, name: string) => cobaltEnv.probeLink(url, name);

describe('POST /api/cobalt/ with recorded client requests', () => {
  it('an iOS shortcut (Api-Key, max quality, pretty names): a tunnel to the best MP4, fetched without the key', async () => {
    const res = await send(recorded('ios-shortcut'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/ \(720p, generic\)\.mp4$/) });
    expect(res.headers.get('ratelimit-remaining')).toBe('99');
    const probe = await probeLink(res.json.url, 'shortcut');
    expect(probe.formatName).toMatch(/mp4/);
    expect(firstStream(probe, 'video')).toMatchObject({ codecName: 'h264', height: 720 });
    expect(firstStream(probe, 'audio')?.codecName).toBe('aac');
  }, 120_000);

  it('a chat bot asking for audio (Bearer, MP3 320): a tunnel to an MP3 at 320 kbit/s', async () => {
    const res = await send(recorded('discord-bot-audio'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'tunnel', filename: 'video (audio).mp3' });
    const link = await fetchLink(res.json.url);
    const probe = await probeBody(cobaltEnv.env.root, 'bot-audio', await bodyOf(link));
    expect(firstStream(probe, 'video')).toBeUndefined();
    expect(firstStream(probe, 'audio')?.codecName).toBe('mp3');
    expect(await audioBitRate(path.join(cobaltEnv.env.root, 'bot-audio'))).toBe(320_000);
  }, 120_000);

  it('a post of two videos: a picker of tunnels at the wanted height, each with its thumbnail', async () => {
    await cobaltEnv.cacheRecordedPost('https://x.com/NASA/status/1991234567890123456', 'x-multi-video', 'twitter');
    const res = await send(recorded('picker-post'));
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('picker');
    expect(res.json.audio).toBeUndefined();
    expect(res.json.picker).toHaveLength(2);
    for (const [index, item] of (res.json.picker as { type: string; url: string; thumb: string }[]).entries()) {
      expect(item.type).toBe('video');
      expect(new URL(item.thumb).pathname).toBe('/api/thumbnail');
      const probe = await probeLink(item.url, `picker-${index}`);
      expect(firstStream(probe, 'video')).toMatchObject({ codecName: 'h264', height: 720 });
      expect(firstStream(probe, 'audio')?.codecName).toBe('aac');
    }
  }, 120_000);

  it('a photo slideshow: a picker of its photos, its sound as audio', async () => {
    const url = 'https://www.tiktok.com/@alpinedays/photo/7439120345678901234';
    await cobaltEnv.cacheRecordedPost(url, 'tiktok-slideshow', 'tiktok');
    const request = recorded('picker-post');
    const res = await send({ ...request, body: { ...request.body, url, filenameStyle: 'classic' } });
    expect(res.json.status).toBe('picker');
    expect(res.json.picker.map((item: { type: string }) => item.type)).toEqual(['photo', 'photo', 'photo']);
    expect(res.json.audioFilename).toBe('tiktok_7439120345678901234_audio.mp3');
    const photo = await fetchLink(res.json.picker[2].url);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    await bodyOf(photo);
    const sound = await probeLink(res.json.audio, 'slideshow-sound');
    expect(firstStream(sound, 'audio')?.codecName).toBe('mp3');
  }, 120_000);

  it('a carousel of a video, a photo and a video: the picker keeps the post\'s order and kinds', async () => {
    const url = 'https://www.instagram.com/p/DBxQmT3sYk2/';
    await cobaltEnv.cacheRecordedPost(url, 'instagram-carousel-mixed', 'instagram');
    const request = recorded('picker-post');
    const res = await send({ ...request, body: { ...request.body, url } });
    expect(res.json.status).toBe('picker');
    expect(res.json.picker.map((item: { type: string }) => item.type)).toEqual(['video', 'photo', 'video']);
    const photo = await fetchLink(res.json.picker[1].url);
    expect(photo.headers.get('content-type')).toBe('image/png');
    await bodyOf(photo);
  }, 60_000);

  it('mute, always through the proxy: the video without its sound', async () => {
    const res = await send(recorded('mute-proxy'));
    expect(res.json).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/^generic_.+_720p_mute\.mp4$/) });
    const probe = await probeLink(res.json.url, 'mute');
    expect(firstStream(probe, 'video')).toMatchObject({ codecName: 'h264', height: 720 });
    expect(firstStream(probe, 'audio')).toBeUndefined();
    expect(Math.abs(probe.duration - 6)).toBeLessThanOrEqual(0.2);
  }, 120_000);

  it('a direct file link without alwaysProxy: a redirect to that same file', async () => {
    const request = recorded('mute-proxy');
    const res = await send({ ...request, body: { url: `${cobaltEnv.env.site.origin}/video.mp4`, downloadMode: 'auto' } });
    expect(res.json).toEqual({ status: 'redirect', url: `${cobaltEnv.env.site.origin}/video.mp4`, filename: expect.stringMatching(/_720p\.mp4$/) });
  });
});
