/**
 * Fetch-stage benchmarks: our downloader against a reference run in the same session, from the same origin.
 *
 *   npm run bench                                           (every bench: analyze, fetch, convert)
 *   npx vitest run -c vitest.bench.config.ts bench/fetch.bench.ts   (BENCH_BIG_BYTES=… to change the 1 GiB file)
 *
 * Prints a table of ratios; nothing here is asserted (performance is never a unit test). The fixture site runs
 * in a child process so the origin does not share our event loop — as a real CDN would not.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, it } from 'vitest';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { openProgressive } from '@/lib/media/download/fetch-progressive';
import { openSegmented } from '@/lib/media/download/fetch-segments';
import { downloadToFile } from '@/lib/media/download/write-to-file';
import type { SourceFormat } from '@/lib/media/types';
import { bigFileUrlPath, segmentedDashUrlPath, segmentedHlsUrlPath } from '@/test/fixtures/bench-media';
import { printTable, seconds, timed } from './ratio-table';
import { startSiteProcess } from './site-process';

const BIG_BYTES = Number(process.env.BENCH_BIG_BYTES ?? 1024 ** 3);
const SEGMENTS = 200;
const LATENCY_MS = 40;
const run = promisify(execFile);

const { origin, child } = await startSiteProcess(`await media.ensureBigFile(${BIG_BYTES}); await media.ensureSegmentedHls(${SEGMENTS}); await media.ensureSegmentedDash(${SEGMENTS});`);
process.env.MEDIA_FETCH_ALLOW = new URL(origin).host;
const work = await mkdtemp(path.join(tmpdir(), 'grabline-bench-'));
const bigUrl = `${origin}${bigFileUrlPath(BIG_BYTES)}`;
const hlsUrl = `${origin}/_sw/latency=${LATENCY_MS}${segmentedHlsUrlPath(SEGMENTS)}`;
const dashUrl = `${origin}/_sw/latency=${LATENCY_MS}${segmentedDashUrlPath(SEGMENTS)}`;
let outputs = 0;

const discard = () => new Writable({ highWaterMark: 1024 * 1024, write: (_chunk, _enc, done) => done() });
const curl = () => run('curl', ['-s', '-o', '/dev/null', '--', bigUrl]);
/** Node's own HTTP client with nothing on top: the floor for anything written in Node, guard or not. */
const nodeHttp = () =>
  new Promise<void>((resolve, reject) => http.get(bigUrl, (res) => res.resume().on('end', resolve).on('error', reject)).on('error', reject));
const ours = async () => pipeline((await openProgressive({ url: bigUrl })).stream, discard());
const hlsSource = { id: 'hls-0', protocol: 'hls' as const, url: hlsUrl, vcodec: 'unknown', acodec: 'unknown', engine: 'native' as const };
// --fixup never: compare downloaders, not yt-dlp's ffmpeg remux afterwards.
const ytdlp = (url: string, extra: string[] = []) => () =>
  run('/usr/bin/yt-dlp', ['--no-config', '--quiet', '--fixup', 'never', ...extra, '-o', path.join(work, `y${++outputs}.%(ext)s`), '--', url], { maxBuffer: 1 << 24 });
const fetchSource = (source: SourceFormat) => async () =>
  downloadToFile((await openSegmented(source, { concurrency: 8 })).stream, path.join(work, `o${++outputs}.mp4`));

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  child.kill();
});

it(`progressive ${BIG_BYTES} B: curl, node http.get, openProgressive (best of 5, interleaved)`, async () => {
  // One untimed read first: the origin's file comes from the page cache for every timed run, not just the later ones.
  await curl();
  for (let i = 0; i < 5; i++) {
    await timed('curl', curl);
    await timed('node http.get', nodeHttp);
    await timed('openProgressive', ours);
  }
  const mbps = BIG_BYTES / 1024 / 1024 / seconds.openProgressive;
  printTable(`fetch: progressive pass-through, ${mbps.toFixed(0)} MiB/s (ratio = speed vs reference, higher is better)`, [
    { label: 'openProgressive vs curl', reference: 'curl', candidate: 'openProgressive', target: '≥ 0.9', as: 'speed' },
    { label: 'openProgressive vs bare node http.get', reference: 'node http.get', candidate: 'openProgressive', target: '—', as: 'speed' },
    { label: 'bare node http.get vs curl', reference: 'curl', candidate: 'node http.get', target: '—', as: 'speed' },
  ]);
});

it(`HLS ${SEGMENTS} segments, ${LATENCY_MS} ms latency: ours (8) and yt-dlp (1, -N 8)`, async () => {
  await timed('openSegmented -N 8', fetchSource(hlsSource));
  await timed('yt-dlp default', ytdlp(hlsUrl));
  await timed('yt-dlp -N 8', ytdlp(hlsUrl, ['-N', '8']));
  printTable('fetch: HLS segments (ratio = speed-up, higher is better)', [
    { label: 'HLS vs yt-dlp default', reference: 'yt-dlp default', candidate: 'openSegmented -N 8', target: '≥ 3', as: 'speed' },
    { label: 'HLS vs yt-dlp -N 8', reference: 'yt-dlp -N 8', candidate: 'openSegmented -N 8', target: '≥ 1', as: 'speed' },
  ]);
});

it(`DASH ${SEGMENTS} segments of video, ${LATENCY_MS} ms latency: ours (8) and yt-dlp (1, -N 8) on the video stream`, async () => {
  // The manifest is analysed once, as the download jobs do; the timing covers fetching the segments.
  const { extraction } = await analyzeMedia(dashUrl, { engine: 'native' });
  const video = extraction.sources.find((source) => source.protocol === 'dash' && source.vcodec !== 'none');
  if (!video) throw new Error('the DASH fixture has no video source');
  await timed('DASH openSegmented -N 8', fetchSource(video));
  // -f bv: the same one representation, so yt-dlp needs no merge.
  await timed('DASH yt-dlp default', ytdlp(dashUrl, ['-f', 'bv']));
  await timed('DASH yt-dlp -N 8', ytdlp(dashUrl, ['-f', 'bv', '-N', '8']));
  printTable('fetch: DASH segments (ratio = speed-up, higher is better)', [
    { label: 'DASH vs yt-dlp default', reference: 'DASH yt-dlp default', candidate: 'DASH openSegmented -N 8', target: '≥ 3', as: 'speed' },
    { label: 'DASH vs yt-dlp -N 8', reference: 'DASH yt-dlp -N 8', candidate: 'DASH openSegmented -N 8', target: '≥ 1', as: 'speed' },
  ]);
});
