import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '@/lib/errors';

import { createYtdlpPool, type YtdlpPool } from './pool';
import { startTestSite, type TestSite } from './test-site';

const run = promisify(execFile);

let site: TestSite;
let pool: YtdlpPool;

beforeAll(async () => {
  site = await startTestSite();
  // Workers reach the network only through the egress proxy, which lets tests through to this one origin.
  process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
  pool = createYtdlpPool({ size: 2 });
});

afterAll(async () => {
  await pool?.close();
  await site?.close();
  delete process.env.MEDIA_FETCH_ALLOW;
});

async function workerPids(): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)]);
  return stdout
    .split('\n')
    .filter((line) => line.includes('worker.py'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function rejection(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    },
  );
}

describe('ytdlp pool', () => {
  it('extracts a direct mp4 through the generic extractor', async () => {
    const info = await pool.extract(`${site.origin}/video.mp4`);
    expect(info.extractor_key).toBe('Generic');
    expect(info.formats?.[0]).toMatchObject({ url: `${site.origin}/video.mp4`, ext: 'mp4', protocol: 'http' });
  });

  it('extracts an HLS master playlist with its rendition', async () => {
    const info = await pool.extract(`${site.origin}/hls/master.m3u8`);
    const formats = info.formats ?? [];
    expect(formats.length).toBeGreaterThan(0);
    expect(formats[0].protocol).toBe('m3u8_native');
    expect(formats[0].url).toBe(`${site.origin}/hls/index.m3u8`);
    expect(formats[0].height).toBe(240);
  });

  it('answers 10 parallel extractions on 2 workers, without starting more', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `${site.origin}/video.mp4?n=${i}`);
    const infos = await Promise.all(urls.map((url) => pool.extract(url)));
    expect(infos.map((info) => info.webpage_url)).toEqual(urls);
    expect(pool.state()).toMatchObject({ size: 2, busy: 0, queued: 0, started: 2, restarts: 0 });
  });

  it('does not carry cookies from one extraction into the next', async () => {
    const single = createYtdlpPool({ size: 1 });
    try {
      await single.extract(`${site.origin}/session.mp4`);
      await single.extract(`${site.origin}/session.mp4?again`);
      expect(site.cookieSeen.get('/session.mp4')).toBeUndefined();
    } finally {
      await single.close();
    }
  });

  it('refuses URLs that are not http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'ytsearch:cats']) {
      expect((await rejection(pool.extract(url))).code).toBe('invalid_url');
    }
  });

  it('maps a page without media to unsupported_url and a 404 to content_unavailable, in words a user can act on', async () => {
    expect((await rejection(pool.extract(`${site.origin}/page.html`))).code).toBe('unsupported_url');
    const missing = await rejection(pool.extract(`${site.origin}/missing.mp4`));
    expect(missing.code).toBe('content_unavailable');
    expect(missing.message).toBe('This media has been removed or is no longer available. Check the link, or try another one.');
    expect(missing.details?.engineMessage).toMatch(/HTTP Error 404/); // yt-dlp's own words, for the log only
    expect(String(missing.details?.engineMessage)).not.toContain('127.0.0.1'); // and they carry no URLs
  });

  it('reports the yt-dlp version', async () => {
    expect(await pool.version()).toMatch(/^\d{4}\.\d{2}\.\d{2}/);
  });

  it('prints warm extraction time against a yt-dlp -J process (not asserted)', async () => {
    const url = `${site.origin}/video.mp4`;
    const rounds = 5;
    let t = performance.now();
    for (let i = 0; i < rounds; i += 1) await pool.extract(url);
    const warmMs = (performance.now() - t) / rounds;
    t = performance.now();
    const env = { PATH: '/usr/bin:/bin' } as unknown as NodeJS.ProcessEnv;
    await run('/usr/bin/yt-dlp', ['-J', '--ignore-config', '--no-warnings', '--', url], { env });
    const processMs = performance.now() - t;
    console.log(`[ytdlp timing] warm pool ${warmMs.toFixed(1)} ms/extraction; yt-dlp -J ${processMs.toFixed(0)} ms; ×${(processMs / warmMs).toFixed(0)}`);
  });
});

describe('ytdlp pool failures', () => {
  it('kills and replaces a worker that exceeds the timeout', async () => {
    const others = new Set(await workerPids());
    const short = createYtdlpPool({ size: 1, timeoutMs: 6_000 });
    try {
      await short.extract(`${site.origin}/video.mp4`); // warm, so the timeout measures the stall alone
      const [first] = (await workerPids()).filter((p) => !others.has(p));
      expect((await rejection(short.extract(`${site.origin}/stall`))).code).toBe('upstream_timeout');
      await until(() => short.state().restarts === 1 && short.state().idle === 1);
      const [second] = (await workerPids()).filter((p) => !others.has(p));
      expect(first).toBeGreaterThan(0);
      expect(second).toBeGreaterThan(0);
      expect(second).not.toBe(first);
      expect(() => process.kill(first, 0)).toThrow(); // the stalled worker is gone, not leaked
      const info = await short.extract(`${site.origin}/video.mp4`);
      expect(info.extractor_key).toBe('Generic');
    } finally {
      await short.close();
    }
  });

  it('rejects the in-flight request of a crashed worker, then recovers', async () => {
    const own = createYtdlpPool({ size: 1 });
    try {
      const before = new Set(await workerPids());
      const stalled = rejection(own.extract(`${site.origin}/stall`));
      await until(() => own.state().busy === 1);
      const [pid] = (await workerPids()).filter((p) => !before.has(p));
      expect(pid).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(pid, 'SIGKILL');
      expect((await stalled).code).toBe('upstream_failed');
      const info = await own.extract(`${site.origin}/video.mp4`);
      expect(info.extractor_key).toBe('Generic');
      expect(own.state().restarts).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('fails requests on a broken interpreter without respawning in a loop', async () => {
    const broken = createYtdlpPool({ size: 2, python: '/nonexistent/python3' });
    try {
      expect((await rejection(broken.extract(`${site.origin}/video.mp4`))).code).toBe('upstream_failed');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(broken.state()).toMatchObject({ started: 1, busy: 0, idle: 0 });
    } finally {
      await broken.close();
    }
  });

  it('bounds the queue, honours abort while queued, and rejects everything on close', async () => {
    const tiny = createYtdlpPool({ size: 1, maxQueue: 2 });
    const running = rejection(tiny.extract(`${site.origin}/stall`));
    const controller = new AbortController();
    const aborted = rejection(tiny.extract(`${site.origin}/video.mp4`, { signal: controller.signal }));
    const queued = rejection(tiny.extract(`${site.origin}/video.mp4`));
    expect((await rejection(tiny.extract(`${site.origin}/video.mp4`))).code).toBe('unavailable');
    controller.abort();
    expect((await aborted).details).toEqual({ cancelled: true });
    expect(tiny.state().queued).toBe(1);
    await tiny.close();
    expect((await running).code).toBe('unavailable');
    expect((await queued).code).toBe('unavailable');
    expect((await rejection(tiny.extract(`${site.origin}/video.mp4`))).code).toBe('unavailable');
  });
});
