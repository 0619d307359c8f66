/**
 * What 50 concurrent downloads add to the server's memory: the production server (`next start`, the build in .next)
 * serves GET /api/download/{id} of a fast-start MP4 from the fixture origin (a process of its own) to 50 clients at
 * once; its resident memory (RSS, /proc) is read before and sampled every 20 ms during the transfers. Goal: the
 * peak at most 300 MB above the idle server. The reference from the same run is one transfer alone, so the table
 * shows what each further concurrent download costs.
 *
 *   npx next build && npx vitest run -c vitest.bench.config.ts bench/download-memory.bench.ts
 *   BENCH_MEMORY_BYTES=… (file size, default 100 MiB)   BENCH_MEMORY_PORT=… (default 3631)
 */
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNextServer } from '@/test/next-server';
import { bigMp4UrlPath, ensureBigMp4 } from './serve-media';
import { startSiteProcess } from './site-process';

const BYTES = Number(process.env.BENCH_MEMORY_BYTES ?? 100 * 1024 * 1024);
const CLIENTS = 50;
const GOAL_MB = 300;
const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 3631);
const BASE = `http://127.0.0.1:${PORT}`;
const MB = 1e6;

let site: { origin: string; child: ChildProcess };
let server: ChildProcess;
let dataDir: string;

/** The server process's resident memory, in bytes. */
function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** Reads one download to its end without keeping it; resolves with its byte count. */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Peak RSS above `before` while `task` runs, sampled every 20 ms. */
async function peakDuring(pid: number, task: () => Promise<unknown>): Promise<{ peak: number; seconds: number }> {
  let peak = rss(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const started = performance.now();
  try {
    await task();
  } finally {
    clearInterval(sampler);
  }
  return { peak: Math.max(peak, rss(pid)), seconds: (performance.now() - started) / 1000 };
}

beforeAll(async () => {
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) throw new Error('run `npx next build` first: the bench runs the production server');
  await ensureBigMp4(BYTES);
  site = await startSiteProcess();
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-bench-memory-'));
  server = await startNextServer(PORT, {
    DATA_DIR: dataDir,
    MEDIA_FETCH_ALLOW: new URL(site.origin).host,
    SITE_URL: BASE,
    MAX_DOWNLOADS_PER_IP: String(CLIENTS * 2),
    ANON_DAILY_LIMIT: '100000',
    MAX_FILESIZE_BYTES: String(4 * BYTES),
  });
}, 180_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  site?.child.kill();
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it(`${CLIENTS} concurrent downloads of a ${(BYTES / 1024 / 1024).toFixed(0)} MiB MP4: the server's added memory`, async () => {
  const analysed = await fetch(`${BASE}/api/analyze`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: `${site.origin}${bigMp4UrlPath(BYTES)}` }),
  }).then((r) => r.json() as Promise<{ data: { status: string; metadata?: { id: string; formats: { itag: string }[] } } }>);
  const media = analysed.data.metadata;
  expect(analysed.data.status, 'the analysis answers at once for a direct file').toBe('ready');
  const url = `${BASE}/api/download/${media!.id}?itag=${media!.formats[0].itag}`;
  const pid = server.pid!;

  // One transfer first, untimed: the route's code is loaded and the origin's file is in the page cache.
  expect(await download(url)).toBe(BYTES);
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rss(pid);
  const one = await peakDuring(pid, () => download(url));
  await new Promise((r) => setTimeout(r, 1000));
  const before = rss(pid);
  let sizes: number[] = [];
  const many = await peakDuring(pid, async () => (sizes = await Promise.all(Array.from({ length: CLIENTS }, () => download(url)))));
  await new Promise((r) => setTimeout(r, 2000));
  const after = rss(pid);

  const addedOne = one.peak - idle;
  const addedMany = many.peak - before;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  process.stdout.write(
    [
      '',
      `### download memory: ${CLIENTS} concurrent GET /api/download of ${(BYTES / 1024 / 1024).toFixed(0)} MiB (next start, origin in its own process)`,
      `| case | server RSS before | peak | added | goal | ratio to goal |`,
      `|------|-------------------|------|-------|------|---------------|`,
      `| 1 download (reference) | ${mb(idle)} | ${mb(one.peak)} | ${mb(addedOne)} | — | — |`,
      `| ${CLIENTS} concurrent | ${mb(before)} | ${mb(many.peak)} | ${mb(addedMany)} | ≤ ${GOAL_MB} MB | ${(addedMany / MB / GOAL_MB).toFixed(2)}× |`,
      `per further download: ${((addedMany - addedOne) / (CLIENTS - 1) / MB).toFixed(1)} MB; ${CLIENTS} transfers in ${many.seconds.toFixed(1)} s ` +
        `(${((CLIENTS * BYTES) / 1024 / 1024 / many.seconds).toFixed(0)} MiB/s); RSS 2 s after: ${mb(after)}`,
      '',
    ].join('\n'),
  );
  expect(sizes.every((size) => size === BYTES)).toBe(true);
}, 10 * 60_000);
