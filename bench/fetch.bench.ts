/**
 * Fetch-stage benchmarks: our downloader against a reference run in the same session, from the same origin.
 *
 *   npx vitest bench --run bench/fetch.bench.ts          (BENCH_BIG_BYTES=… to change the 1 GiB file)
 *
 * Prints a table of ratios; nothing here is asserted (performance is never a unit test). The fixture site runs
 * in a child process so the origin does not share our event loop — as a real CDN would not.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { bench, describe } from 'vitest';
import { openProgressive } from '@/lib/media/download/fetch-progressive';
import { openSegmented } from '@/lib/media/download/fetch-segments';
import { downloadToFile } from '@/lib/media/download/write-to-file';

const BIG_BYTES = Number(process.env.BENCH_BIG_BYTES ?? 1024 ** 3);
const SEGMENTS = 200;
const LATENCY_MS = 40;
const ONCE = { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 };
const run = promisify(execFile);

/** The fixture site in its own Node process (TypeScript loaded by jiti), with the bench media generated. */
async function startSiteProcess(): Promise<{ origin: string; child: ChildProcess }> {
  const script = `
    import { createJiti } from 'jiti';
    const jiti = createJiti(process.cwd() + '/');
    const media = await jiti.import('./test/fixtures/media.ts');
    const { startFixtureSite } = await jiti.import('./test/fixtures/server.ts');
    await media.ensureBigFile(${BIG_BYTES});
    await media.ensureSegmentedHls(${SEGMENTS});
    const site = await startFixtureSite();
    console.log('ORIGIN ' + site.origin);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ORIGIN (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`fixture site exited (${code})`)));
  });
  return { origin, child };
}

const { origin, child } = await startSiteProcess();
process.on('exit', () => child.kill());
process.env.MEDIA_FETCH_ALLOW = new URL(origin).host;
const work = await mkdtemp(path.join(tmpdir(), 'grabline-bench-'));
const bigUrl = `${origin}/big/${BIG_BYTES}/big.bin`;
const hlsUrl = `${origin}/_sw/latency=${LATENCY_MS}/hls-seg/${SEGMENTS}/index.m3u8`;
const seconds: Record<string, number> = {};
let outputs = 0;

async function timed(name: string, task: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await task();
  const took = (performance.now() - started) / 1000;
  // Best of the runs: noise on a shared machine only ever makes a run slower.
  seconds[name] = Math.min(seconds[name] ?? Infinity, took);
}

const discard = () => new Writable({ highWaterMark: 1024 * 1024, write: (_chunk, _enc, done) => done() });
const curl = () => run('curl', ['-s', '-o', '/dev/null', '--', bigUrl]);
/** Node's own HTTP client with nothing on top: the floor for anything written in Node, guard or not. */
const nodeHttp = () =>
  new Promise<void>((resolve, reject) => http.get(bigUrl, (res) => res.resume().on('end', resolve).on('error', reject)).on('error', reject));
const ours = async () => pipeline((await openProgressive({ url: bigUrl })).stream, discard());
const hlsSource = { id: 'hls-0', protocol: 'hls' as const, url: hlsUrl, vcodec: 'unknown', acodec: 'unknown', engine: 'native' as const };
// --fixup never: compare downloaders, not yt-dlp's ffmpeg remux afterwards.
const ytdlp = (extra: string[]) => () =>
  run('/usr/bin/yt-dlp', ['--no-config', '--quiet', '--fixup', 'never', ...extra, '-o', path.join(work, `y${++outputs}.%(ext)s`), '--', hlsUrl], { maxBuffer: 1 << 24 });

function ratioRow(label: string, reference: string, candidate: string, target: string, higherIsBetter: (r: number) => number) {
  const ratio = higherIsBetter(seconds[reference] / seconds[candidate]);
  return `| ${label.padEnd(44)} | ${seconds[reference].toFixed(2).padStart(7)} s | ${seconds[candidate].toFixed(2).padStart(7)} s | ${ratio.toFixed(2).padStart(6)}× | ${target.padEnd(8)} |`;
}

describe('fetch', () => {
  bench(`progressive ${BIG_BYTES} B: curl, node http.get, openProgressive (best of 3)`, async () => {
    for (let i = 0; i < 3; i++) {
      await timed('curl', curl);
      await timed('node http.get', nodeHttp);
      await timed('openProgressive', ours);
    }
  }, ONCE);

  bench(`HLS ${SEGMENTS} segments, ${LATENCY_MS} ms latency: ours (8) and yt-dlp (1, -N 8)`, async () => {
    await timed('openSegmented -N 8', async () =>
      downloadToFile((await openSegmented(hlsSource, { concurrency: 8 })).stream, path.join(work, `o${++outputs}.ts`)),
    );
    await timed('yt-dlp default', ytdlp([]));
    await timed('yt-dlp -N 8', ytdlp(['-N', '8']));
  }, ONCE);

  bench('report', async () => {
    const mbps = (BIG_BYTES / 1024 / 1024) / seconds.openProgressive;
    const lines = [
      '',
      `| ${'case'.padEnd(44)} | reference | ours      | ratio   | target   |`,
      `|${'-'.repeat(46)}|-----------|-----------|---------|----------|`,
      ratioRow(`progressive pass-through (${mbps.toFixed(0)} MiB/s) vs curl`, 'curl', 'openProgressive', '≥ 0.9', (r) => r),
      ratioRow('progressive vs bare node http.get', 'node http.get', 'openProgressive', '—', (r) => r),
      ratioRow('HLS vs yt-dlp default (speed-up)', 'yt-dlp default', 'openSegmented -N 8', '≥ 3', (r) => r),
      ratioRow('HLS vs yt-dlp -N 8 (speed-up)', 'yt-dlp -N 8', 'openSegmented -N 8', '≥ 1', (r) => r),
      '',
    ];
    process.stdout.write(lines.join('\n'));
    await rm(work, { recursive: true, force: true });
    child.kill();
  }, ONCE);
});
