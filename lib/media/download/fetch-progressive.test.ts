import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from '@/lib/net/loopback-server.testkit';
import { bigFileUrlPath, ensureBigFile, ensureFixtureMedia } from '@/test/fixtures/media';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { collect, settle, sha256 } from './download.testkit';
import { openProgressive } from './fetch-progressive';

let site: FixtureSite;
let mp4: Buffer;
let nonce = 0;
/** A URL no other test used, so once-per-resource faults (drop, stall, fail) start fresh. */
const fresh = (p: string) => `${site.origin}${p}${p.includes('?') ? '&' : '?'}t=${++nonce}`;
const hits = () => site.stats.byPath.get('/video.mp4') ?? 0;

beforeAll(async () => {
  site = await startFixtureSite();
  allowOrigins(`127.0.0.1:${site.port}`);
  mp4 = await readFile(path.join(await ensureFixtureMedia(), 'video.mp4'));
});
afterEach(() => site.resetSwitches());
afterAll(() => site.close());

describe('openProgressive', () => {
  it('streams the whole file byte-identical, with its size and type', async () => {
    let counted = 0;
    const download = await openProgressive({ url: fresh('/video.mp4') }, { onBytes: (n) => (counted += n) });
    expect(download).toMatchObject({ size: mp4.length, totalSize: mp4.length, contentType: 'video/mp4', acceptsRanges: true });
    expect(sha256(await collect(download.stream))).toBe(sha256(mp4));
    expect(counted).toBe(mp4.length);
  });

  it('streams exactly the bytes [start, end]', async () => {
    const download = await openProgressive({ url: fresh('/video.mp4') }, { start: 1000, end: 99_999 });
    expect(download.size).toBe(99_000);
    expect(sha256(await collect(download.stream))).toBe(sha256(mp4.subarray(1000, 100_000)));
  });

  it('clamps an end past the file and streams an open-ended start to the end', async () => {
    const tail = await openProgressive({ url: fresh('/video.mp4') }, { start: mp4.length - 500, end: mp4.length + 10_000 });
    expect(tail.size).toBe(500);
    expect((await collect(tail.stream)).equals(mp4.subarray(mp4.length - 500))).toBe(true);
  });

  it('resumes a dropped connection with Range and the result is byte-identical', async () => {
    const before = hits();
    const download = await openProgressive({ url: fresh('/video.mp4?drop=70000') });
    expect(sha256(await collect(download.stream))).toBe(sha256(mp4));
    expect(hits() - before).toBe(2);
  });

  it('resumes inside a ranged read without leaving the range', async () => {
    const download = await openProgressive({ url: fresh('/video.mp4?drop=30000') }, { start: 5000, end: 200_000 });
    expect((await collect(download.stream)).equals(mp4.subarray(5000, 200_001))).toBe(true);
  });

  it('reads in chunks of chunkSize when asked, byte-identical', async () => {
    const chunkSize = 128 * 1024;
    const before = hits();
    const download = await openProgressive({ url: fresh('/video.mp4') }, { chunkSize });
    expect(download.size).toBe(mp4.length);
    expect(sha256(await collect(download.stream))).toBe(sha256(mp4));
    expect(hits() - before).toBe(Math.ceil(mp4.length / chunkSize));
  });

  it('retries 503s with backoff, then delivers the file', async () => {
    const before = hits();
    const download = await openProgressive({ url: fresh('/video.mp4?fail=2') });
    expect((await collect(download.stream)).equals(mp4)).toBe(true);
    expect(hits() - before).toBe(3);
  });

  it('gives up on 503s after `retries`, and does not retry a 404', async () => {
    const failing = await settle(openProgressive({ url: fresh('/video.mp4?fail=10') }, { retries: 2 }));
    expect(failing.error).toMatchObject({ code: 'upstream_failed', details: { status: 503 } });
    const before = site.stats.requests;
    const missing = await settle(openProgressive({ url: fresh('/nope.mp4') }));
    expect(missing.error).toMatchObject({ code: 'upstream_failed', details: { status: 404 } });
    expect(site.stats.requests - before).toBe(1);
  });

  it('recovers from a stall by reconnecting', async () => {
    const download = await openProgressive({ url: fresh('/video.mp4?stall=1') }, { stallMs: 300 });
    expect(sha256(await collect(download.stream))).toBe(sha256(mp4));
  });

  it('a source that keeps stalling ends in upstream_timeout within bounded time', async () => {
    const download = await openProgressive({ url: fresh('/video.mp4?stall=always') }, { stallMs: 250, retries: 2 });
    const result = await settle(collect(download.stream));
    expect(result.error).toBeInstanceOf(AppError);
    expect(result.error).toMatchObject({ code: 'upstream_timeout', message: 'The source stopped sending data' });
    // 3 stalls of 250 ms plus two backoffs (≤ 200 + 400 ms) — not the default 20 s.
    expect(result.ms).toBeLessThan(3000);
  });

  it('abort stops the transfer promptly', async () => {
    const controller = new AbortController();
    const download = await openProgressive({ url: fresh('/video.mp4?throttle=100000') }, { signal: controller.signal });
    let received = 0;
    download.stream.on('data', (chunk: Buffer) => (received += chunk.length));
    setTimeout(() => controller.abort(), 200);
    const result = await settle(new Promise((resolve, reject) => download.stream.on('error', reject).on('end', resolve)));
    expect((result.error as Error).name).toBe('AbortError');
    expect(result.ms).toBeLessThan(600);
    expect(received).toBeLessThan(mp4.length);
  });

  it('holds back when the consumer does not read (bounded buffering)', async () => {
    const size = 32 * 1024 * 1024;
    await ensureBigFile(size);
    const download = await openProgressive({ url: fresh(bigFileUrlPath(size)) });
    download.stream.once('readable', () => undefined);
    await new Promise((r) => setTimeout(r, 300));
    // The stream's mark (1 MiB) plus one response chunk; the rest waits in the socket, not in our memory.
    expect(download.stream.readableLength).toBeLessThanOrEqual(2 * 1024 * 1024);
    download.stream.destroy();
  });
});

describe('openProgressive against a source that changes', () => {
  let server: LoopbackServer;
  let version = 'a';
  const body = (v: string) => Buffer.alloc(200_000, v);

  beforeAll(async () => {
    server = await startLoopbackServer((req, res) => {
      const range = /bytes=(\d+)-/.exec(req.headers.range ?? '');
      const current = body(version);
      const etag = `"${version}"`;
      if (range && req.headers['if-range'] === etag) {
        const start = Number(range[1]);
        res.writeHead(206, { 'Content-Range': `bytes ${start}-${current.length - 1}/${current.length}`, ETag: etag });
        res.end(current.subarray(start));
        return;
      }
      res.writeHead(200, { 'Content-Length': current.length, 'Accept-Ranges': 'bytes', ETag: etag });
      // The first answer dies half-way; the file is then replaced before the client comes back.
      res.write(current.subarray(0, 100_000), () => {
        version = 'b';
        res.socket?.destroy();
      });
    });
    allowOrigins(`127.0.0.1:${site.port}`, server.hostPort);
  });
  afterAll(() => server.close());

  it('refuses to splice two versions of the file (If-Range)', async () => {
    const download = await openProgressive({ url: `${server.origin}/file` });
    const result = await settle(collect(download.stream));
    expect(result.error).toMatchObject({ code: 'upstream_failed', message: 'The file changed on the source during the download' });
    expect(server.requests.at(-1)?.headers['if-range']).toBe('"a"');
  });
});
