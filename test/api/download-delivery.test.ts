import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getPreparations, passthroughStats } from '@/lib/media/deliver';
import { runningFfmpegCount } from '@/lib/media/ffmpeg';
import { FIXTURE_SITE_DIR } from '@/test/fixtures/media';
import { analyze, bodyOf, requestDownload, sha256, startDownloadEnv, until } from './download.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(() => env?.close());
afterEach(() => env.site.resetSwitches());

const origin = (name: string) => readFile(path.join(FIXTURE_SITE_DIR, name));
const hits = (resource: string) => env.site.stats.byPath.get(resource) ?? 0;
const tempEntries = () => readdirSync(env.tempDir);

describe('passthrough', () => {
  it('streams the origin file byte for byte, with its length and our headers', async () => {
    const media = await analyze(env.site, '/video.mp4?pass=1');
    const res = await requestDownload(media.info.id, 'mp4-720', { ext: 'mp4' });
    const file = await origin('video.mp4');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(file.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.mp4"; filename\*=UTF-8''.+\.mp4$/);
    expect(sha256(await bodyOf(res))).toBe(sha256(file));
  });

  it('honours Range: 206 with Content-Range and exactly those bytes; past the end is 416', async () => {
    const media = await analyze(env.site, '/video.mp4?pass=2');
    const file = await origin('video.mp4');
    const part = await requestDownload(media.info.id, 'mp4-720', { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${file.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect((await bodyOf(part)).equals(file.subarray(1000, 2000))).toBe(true);
    const tail = await requestDownload(media.info.id, 'mp4-720', { headers: { range: `bytes=${file.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect((await bodyOf(tail)).equals(file.subarray(file.length - 10))).toBe(true);
    const past = await requestDownload(media.info.id, 'mp4-720', { headers: { range: `bytes=${file.length + 5}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${file.length}`);
  });

  it('answers a suffix Range (bytes=-N) 206 with the last N bytes; bytes=-0 is 416', async () => {
    const media = await analyze(env.site, '/video.mp4?pass=suffix');
    const file = await origin('video.mp4');
    const tail = await requestDownload(media.info.id, 'mp4-720', { headers: { range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${file.length - 100}-${file.length - 1}/${file.length}`);
    expect(tail.headers.get('content-length')).toBe('100');
    expect((await bodyOf(tail)).equals(file.subarray(file.length - 100))).toBe(true);
    const more = await requestDownload(media.info.id, 'mp4-720', { headers: { range: `bytes=-${file.length + 50}` } });
    expect(more.status).toBe(206);
    expect(more.headers.get('content-range')).toBe(`bytes 0-${file.length - 1}/${file.length}`);
    expect(sha256(await bodyOf(more))).toBe(sha256(file));
    const none = await requestDownload(media.info.id, 'mp4-720', { headers: { range: 'bytes=-0' } });
    expect(none.status).toBe(416);
    await none.body?.cancel();
  });

  it('rides out 503s and a connection dropped mid-file: the visitor still gets the origin byte for byte', async () => {
    const media = await analyze(env.site, '/video.mp4?pass=faults');
    const file = await origin('video.mp4');
    // After analysis: the download's first two requests are refused, the third breaks after 150 kB.
    env.site.setSwitches({ failTimes: 2, dropAfter: 150_000 });
    const before = hits('/video.mp4');
    const res = await requestDownload(media.info.id, 'mp4-720');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(file.length));
    expect(sha256(await bodyOf(res))).toBe(sha256(file));
    // two refusals, the broken request, and the resume from where it broke
    expect(hits('/video.mp4') - before).toBe(4);
  });

  it('stops reading the origin when the client goes away mid-stream', async () => {
    const media = await analyze(env.site, '/video.mp4?pass=3');
    env.site.setSwitches({ throttle: 64 * 1024 });
    const res = await requestDownload(media.info.id, 'mp4-720');
    const reader = res.body!.getReader();
    await reader.read();
    expect(passthroughStats.open).toBe(1);
    await reader.cancel();
    await until(() => passthroughStats.open === 0);
  });
});

describe('prepared offers', () => {
  it('serves a prepared file with its length and Range', async () => {
    const media = await analyze(env.site, '/dash/manifest.mpd?prep=1');
    const whole = await bodyOf(await requestDownload(media.info.id, 'mp4-360'));
    const part = await requestDownload(media.info.id, 'mp4-360', { headers: { range: 'bytes=100-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-${whole.length - 1}/${whole.length}`);
    expect((await bodyOf(part)).equals(whole.subarray(100))).toBe(true);
    const tail = await requestDownload(media.info.id, 'mp4-360', { headers: { range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${whole.length - 100}-${whole.length - 1}/${whole.length}`);
    expect((await bodyOf(tail)).equals(whole.subarray(whole.length - 100))).toBe(true);
  });

  it('prepares once for concurrent requests of the same media and itag', async () => {
    const media = await analyze(env.site, '/hls-muxed/master.m3u8?shared=1');
    const started = getPreparations().started;
    const segment = [...env.site.stats.byPath.keys()].find((p) => p.startsWith('/hls-muxed/') && p.endsWith('.ts'));
    const before = segment ? hits(segment) : 0;
    const bodies = await Promise.all([1, 2, 3, 4].map(async () => bodyOf(await requestDownload(media.info.id, 'mp3-128'))));
    expect(getPreparations().started - started).toBe(1);
    expect(new Set(bodies.map(sha256)).size).toBe(1);
    if (segment) expect(hits(segment) - before).toBeLessThanOrEqual(1);
  });

  it('aborts the preparation and removes its files when the only client goes away', async () => {
    const media = await analyze(env.site, '/video.mp4?abort=1');
    env.site.setSwitches({ throttle: 200 * 1024 });
    const earlier = new Set(tempEntries());
    const fresh = () => tempEntries().filter((name) => !earlier.has(name));
    const controller = new AbortController();
    const pending = requestDownload(media.info.id, 'webm-720', { signal: controller.signal });
    await until(() => getPreparations().activeCount === 1 && fresh().length === 1);
    controller.abort();
    const res = await pending;
    expect(res.status).toBe(503);
    await until(() => getPreparations().activeCount === 0 && runningFfmpegCount() === 0 && fresh().length === 0);
  });

  it('keeps preparing while another client still waits', async () => {
    const media = await analyze(env.site, '/video.mp4?abort=2');
    env.site.setSwitches({ throttle: 1024 * 1024 });
    const leaving = new AbortController();
    const first = requestDownload(media.info.id, 'mp3-128', { signal: leaving.signal });
    const second = requestDownload(media.info.id, 'mp3-128');
    await until(() => getPreparations().activeCount === 1);
    leaving.abort();
    expect((await first).status).toBe(503);
    const res = await second;
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).length).toBeGreaterThan(10_000);
  });
});

describe('answers that are not a file', () => {
  it('an unknown or expired media id is 404, asking to analyse again', async () => {
    const res = await requestDownload('AAAAAAAAAAAAAAAA', 'mp4-720');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'not_found', error: 'This link has expired. Analyse it again.' });
  });

  it('an itag or ext the media does not offer is invalid_request', async () => {
    const media = await analyze(env.site, '/audio.mp3?bad=1');
    const unknown = await requestDownload(media.info.id, 'mp4-2160');
    expect(await unknown.json()).toMatchObject({ code: 'invalid_request' });
    const wrongExt = await requestDownload(media.info.id, 'mp3', { ext: 'exe' });
    expect(await wrongExt.json()).toMatchObject({ code: 'invalid_request' });
    const missing = await requestDownload(media.info.id, '');
    expect(missing.status).toBe(400);
  });
});
