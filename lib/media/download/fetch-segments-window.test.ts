import { createCipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceFormat } from '@/lib/media/types';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from '@/lib/net/loopback-server.testkit';
import { collect, settle } from './download.testkit';
import { openSegmented } from './fetch-segments';

/** A hand-written origin: playlists made per test, segments whose content names their index, timing we set. */
let server: LoopbackServer;
const playlists = new Map<string, string>();
let inFlight = 0;
let maxInFlight = 0;
let closedEarly = 0;
const KEY = Buffer.from('0123456789abcdef');
const segment = (i: number) => Buffer.alloc(50_000 + i * 100, `seg-${String(i).padStart(3, '0')};`);

function encrypted(i: number, sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  const cipher = createCipheriv('aes-128-cbc', KEY, iv);
  return Buffer.concat([cipher.update(segment(i)), cipher.final()]);
}

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.endsWith('.m3u8')) return void res.end(playlists.get(url.pathname) ?? '');
    if (url.pathname === '/key') return void res.end(KEY);
    if (url.pathname === '/blob') {
      const blob = Buffer.concat([0, 1, 2].map(segment));
      const [start, end] = (/bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '') ?? []).slice(1).map(Number);
      if (start === undefined) return void res.end(blob);
      res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${blob.length}` });
      return void res.end(blob.subarray(start, end + 1));
    }
    if (url.pathname === '/redirect') return void res.writeHead(302, { Location: url.searchParams.get('to') ?? '/' }).end();
    const i = Number(url.searchParams.get('i'));
    const delay = Number(url.searchParams.get('delay') ?? 0) + (i % 3) * 15; // uneven: completions arrive out of order
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight--;
      if (!res.writableFinished) closedEarly++;
    });
    setTimeout(() => {
      if (res.destroyed) return;
      res.end(url.pathname === '/enc' ? encrypted(i, Number(url.searchParams.get('seq'))) : segment(i));
    }, delay);
  });
  allowOrigins(server.hostPort);
});
afterAll(() => server.close());

function playlist(name: string, lines: string[], opts: { endList?: boolean; sequence?: number } = {}): SourceFormat {
  const head = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', `#EXT-X-MEDIA-SEQUENCE:${opts.sequence ?? 0}`];
  playlists.set(`/${name}.m3u8`, [...head, ...lines, ...(opts.endList === false ? [] : ['#EXT-X-ENDLIST'])].join('\n'));
  return { id: 'hls-0', protocol: 'hls', url: `${server.origin}/${name}.m3u8`, vcodec: 'unknown', acodec: 'unknown', engine: 'native' };
}

const plain = (count: number, delay = 0) =>
  Array.from({ length: count }, (_, i) => [`#EXTINF:2,`, `/seg?i=${i}&delay=${delay}`]).flat();

describe('openSegmented — the window', () => {
  it('keeps at most `concurrency` requests in flight, uses them, and emits strictly in order', async () => {
    maxInFlight = 0;
    const download = await openSegmented(playlist('window', plain(30, 40)), { concurrency: 4 });
    const bytes = await collect(download.stream);
    expect(bytes.equals(Buffer.concat(Array.from({ length: 30 }, (_, i) => segment(i))))).toBe(true);
    expect(maxInFlight).toBe(4);
  });

  it('starts at SEGMENT_CONCURRENCY when no concurrency is given, and adapts upwards while segments are small', async () => {
    maxInFlight = 0;
    process.env.SEGMENT_CONCURRENCY = '2';
    try {
      await collect((await openSegmented(playlist('env', plain(2, 20)))).stream);
      expect(maxInFlight).toBe(2);
      maxInFlight = 0;
      await collect((await openSegmented(playlist('env-many', plain(60, 20)))).stream);
    } finally {
      delete process.env.SEGMENT_CONCURRENCY;
    }
    expect(maxInFlight).toBeGreaterThan(2);
    expect(maxInFlight).toBeLessThanOrEqual(32);
  });

  it('decrypts AES-128 with the media sequence number as IV when the key has none', async () => {
    const lines = ['#EXT-X-KEY:METHOD=AES-128,URI="/key"'];
    for (let i = 0; i < 5; i++) lines.push('#EXTINF:2,', `/enc?i=${i}&seq=${i + 7}`);
    const download = await openSegmented(playlist('aes-seq', lines, { sequence: 7 }));
    expect((await collect(download.stream)).equals(Buffer.concat([0, 1, 2, 3, 4].map(segment)))).toBe(true);
  });

  it('honours EXT-X-BYTERANGE, asking only for each range', async () => {
    const sizes = [0, 1, 2].map((i) => segment(i).length);
    const lines = sizes.flatMap((size, i) => ['#EXTINF:2,', `#EXT-X-BYTERANGE:${size}${i === 0 ? '@0' : ''}`, '/blob']);
    const before = server.requests.length;
    const download = await openSegmented(playlist('ranges', lines));
    expect((await collect(download.stream)).equals(Buffer.concat([0, 1, 2].map(segment)))).toBe(true);
    const ranges = server.requests.slice(before).map((r) => r.headers.range).filter(Boolean);
    expect(ranges).toEqual([`bytes=0-${sizes[0] - 1}`, `bytes=${sizes[0]}-${sizes[0] + sizes[1] - 1}`, `bytes=${sizes[0] + sizes[1]}-${sizes[0] + sizes[1] + sizes[2] - 1}`]);
  });

  it('refuses SAMPLE-AES as DRM', async () => {
    const lines = ['#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://x"', ...plain(2)];
    expect((await settle(openSegmented(playlist('sample-aes', lines)))).error).toMatchObject({ code: 'drm_protected' });
  });

  it('refuses a playlist without ENDLIST as live', async () => {
    const result = await settle(openSegmented(playlist('live', plain(3), { endList: false })));
    expect(result.error).toMatchObject({ code: 'live_not_finished' });
  });

  it.each([
    ['a segment on a private address', 'http://10.0.0.1/x.ts'],
    ['a segment that redirects to a private address', '/redirect?to=http://169.254.169.254/latest'],
  ])('refuses %s', async (_, target) => {
    const result = await settle(openSegmented(playlist(`private-${target.length}`, ['#EXTINF:2,', target])));
    expect(result.error).toMatchObject({ code: 'private_address' });
  });

  it('refuses a key on a private address', async () => {
    const lines = ['#EXT-X-KEY:METHOD=AES-128,URI="http://192.168.1.1/key"', ...plain(2)];
    expect((await settle(openSegmented(playlist('private-key', lines)))).error).toMatchObject({ code: 'private_address' });
  });

  it('abort rejects promptly and closes every in-flight request', async () => {
    const controller = new AbortController();
    const download = await openSegmented(playlist('abort', ['#EXTINF:2,', '/seg?i=0', ...plain(20, 5000).slice(2)]), {
      concurrency: 6,
      signal: controller.signal,
    });
    const before = closedEarly;
    setTimeout(() => controller.abort(), 100);
    const result = await settle(collect(download.stream));
    expect((result.error as Error).name).toBe('AbortError');
    expect(result.ms).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 100));
    expect(closedEarly - before).toBe(6);
    expect(inFlight).toBe(0);
  });
});
