/**
 * Native HLS engine against yt-dlp, measured in one run from the same origin:
 *   200-segment HLS at 40 ms per request: openSegmented (adaptive) ≥ 2× faster than `yt-dlp -N 8`
 *   a master whose variant playlists answer after 2.5 s: analysis answers in ≤ 2.2 s
 *   memory: the peak heap while fetching the 200 segments, against the heap before (the stream is never held whole)
 *
 *   npx vitest run -c vitest.bench.config.ts bench/streams-hls.bench.ts
 *
 * Prints a table of ratios; nothing here is asserted (performance is never a unit test). The fixture site runs in
 * a child process so the origin does not share our event loop — as a real CDN would not.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, it } from 'vitest';
import { clearAnalyses } from '@/lib/media/analyze';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { openSegmented } from '@/lib/media/download/fetch-segments';
import { segmentedHlsUrlPath } from '@/test/fixtures/bench-media';
import { printTable, seconds, timed } from './ratio-table';
import { startSiteProcess } from './site-process';
import { referenceEngine as engine, runYtdlp } from './ytdlp-reference';

const SEGMENTS = 200;
const LATENCY_MS = 40;
const RUNS = 3;

const { origin, child } = await startSiteProcess(`await media.ensureSegmentedHls(${SEGMENTS}); await streams.ensureStreamFixtures();`);
process.env.MEDIA_FETCH_ALLOW = new URL(origin).host;
const work = await mkdtemp(path.join(tmpdir(), 'grabline-bench-streams-'));
const hlsUrl = `${origin}/_sw/latency=${LATENCY_MS}${segmentedHlsUrlPath(SEGMENTS)}`;
let outputs = 0;

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  child.kill();
});

const discard = () => new Writable({ highWaterMark: 1024 * 1024, write: (_chunk, _enc, done) => done() });
const source = { id: 'hls-0', protocol: 'hls' as const, url: hlsUrl, vcodec: 'unknown', acodec: 'unknown', engine: 'native' as const };
const ours = (concurrency?: number) => async () => pipeline((await openSegmented(source, concurrency ? { concurrency } : {})).stream, discard());
const ytdlp = (extra: string[]) => () =>
  runYtdlp(['--no-config', '--quiet', '--fixup', 'never', ...extra, '-o', path.join(work, `y${++outputs}.%(ext)s`), '--', hlsUrl]);

it(`HLS ${SEGMENTS} segments at ${LATENCY_MS} ms per request: ours (adaptive, fixed 8) vs yt-dlp ${engine.version ?? engine.source} -N 8 (best of ${RUNS}, interleaved)`, async () => {
  for (let i = 0; i < RUNS; i++) {
    await timed('yt-dlp -N 8', ytdlp(['-N', '8']));
    await timed('ours fixed 8', ours(8));
    await timed('ours adaptive', ours());
  }
  // Memory: the largest heap seen while one more fetch runs, against the heap before it (sampled every 20 ms).
  // Buffers live outside the JS heap: heap and array buffers together are what a fetch holds.
  const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const before = held();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, held())), 20);
  await ours()();
  clearInterval(sampler);
  const grown = (peak - before) / 1024 / 1024;
  printTable(`streams: HLS ${SEGMENTS} × 1 s segments, ${LATENCY_MS} ms per request (ratio = speed-up, higher is better); peak heap + buffers during a fetch of 28 MB +${grown.toFixed(1)} MiB`, [
    { label: 'adaptive vs yt-dlp -N 8', reference: 'yt-dlp -N 8', candidate: 'ours adaptive', target: '≥ 2', as: 'speed' },
    { label: 'fixed 8 vs yt-dlp -N 8', reference: 'yt-dlp -N 8', candidate: 'ours fixed 8', target: '—', as: 'speed' },
  ]);
});

it('a master whose variant playlists answer after 2.5 s: analysis time (best and worst of 3)', async () => {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    clearAnalyses();
    const started = performance.now();
    await analyzeMedia(`${origin}/streams/hls-groups/master.m3u8?run=${i}`, { engine: 'native' });
    times.push((performance.now() - started) / 1000);
  }
  seconds['slow master'] = Math.min(...times);
  process.stdout.write(`\n### streams: master with slow variants — ${times.map((t) => t.toFixed(2)).join(' s, ')} s (target ≤ 2.2 s, worst ${Math.max(...times).toFixed(2)} s)\n`);
});
