/**
 * A clip against the whole stream, measured in one run from the same origin:
 *   a 10-second cut from the middle of the 200-segment HLS fixture (40 ms per request), prepared as the file link
 *   prepares it (fetch, cut, tags, faststart MP4), ≥ 10× faster than the whole stream prepared the same way, and
 *   fetching at most the segments that cover it plus one on each side (counted at the origin).
 *
 *   npx vitest run -c vitest.bench.config.ts bench/trim.bench.ts
 *
 * Prints a table of ratios and the segment counts; nothing here is asserted (performance is never a unit test).
 * The fixture site runs in a child process, so the origin does not share our event loop — as a real CDN would not.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, it } from 'vitest';
import { ffmpegBin } from '@/lib/media/ffmpeg/run-ffmpeg';
import { fetchText } from '@/lib/net/guarded-fetch';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { prepareOffer } from '@/lib/media/deliver/prepare/prepare-offer';
import { openSegmented } from '@/lib/media/download/fetch-segments';
import { downloadToFile } from '@/lib/media/download/write-to-file';
import type { DeliveryOptions } from '@/lib/media/trim/trim-range';
import { segmentedHlsUrlPath } from '@/test/fixtures/bench-media';
import { printTable, samples, timed } from './ratio-table';
import { referenceLabel, runYtdlp } from './ytdlp-reference';

const SEGMENTS = 200;
const LATENCY_MS = 40;
const RUNS = 3;
const CLIP = { start: 95, end: 105 };

/** The fixture site in a child; `hits()` asks it how often each segment was served so far. */
async function startSiteProcess(): Promise<{ origin: string; child: ChildProcess; hits: () => Promise<number> }> {
  const script = `
    import { createJiti } from 'jiti';
    const jiti = createJiti(process.cwd() + '/');
    const media = await jiti.import('./test/fixtures/media.ts');
    const { startFixtureSite } = await jiti.import('./test/fixtures/server.ts');
    await media.ensureSegmentedHls(${SEGMENTS});
    const site = await startFixtureSite();
    process.stdin.on('data', () => {
      let n = 0;
      for (const [at, count] of site.stats.byPath) if (at.endsWith('.ts')) n += count;
      console.log('HITS ' + n);
    });
    console.log('ORIGIN ' + site.origin);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const waiters: ((line: string) => void)[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      waiters.shift()?.(line);
    }
  });
  const next = () => new Promise<string>((resolve) => waiters.push(resolve));
  const first = next();
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`fixture site exited (${code})`))));
  exited.catch(() => undefined);
  const origin = /ORIGIN (\S+)/.exec(await Promise.race([first, exited]))![1];
  const hits = async () => {
    const answer = next();
    child.stdin!.write('?\n');
    return Number(/HITS (\d+)/.exec(await answer)![1]);
  };
  return { origin, child, hits };
}

const { origin, child, hits } = await startSiteProcess();
process.on('exit', () => child.kill());
process.env.MEDIA_FETCH_ALLOW = new URL(origin).host;
const work = await mkdtemp(path.join(tmpdir(), 'grabline-bench-trim-'));
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  child.kill();
});

const hlsUrl = `${origin}/_sw/latency=${LATENCY_MS}${segmentedHlsUrlPath(SEGMENTS)}`;
const media = await analyzeMedia(hlsUrl, { engine: 'native' });
const plan = [...media.plans.values()].find((p) => p.container === 'mp4' && !p.messaging)!;
const tags = { title: media.info.title, source: 'bench', url: media.extraction.url };
let dirs = 0;

/** One preparation into a fresh folder, as the file link runs it; returns the segment requests it made. */
async function prepare(delivery: DeliveryOptions): Promise<number> {
  const dir = path.join(work, `p${++dirs}`);
  await rm(dir, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(dir));
  const before = await hits();
  await prepareOffer(plan, dir, { signal: new AbortController().signal, delivery, tags });
  const fetched = (await hits()) - before;
  await rm(dir, { recursive: true, force: true });
  return fetched;
}

/** The fetch alone (no converter): where the clip's time goes that is not process start-up. */
async function fetchOnly(window?: { start: number; end: number }): Promise<void> {
  const file = path.join(work, `f${++dirs}`);
  const download = await openSegmented(plan.video!, window ? { window } : {});
  await downloadToFile(download.stream, file, {});
  await rm(file, { force: true });
}

/** A playlist round trip (what reusing the analysis's reading saves) and one ffmpeg process start. */
const playlistTrip = () => fetchText(plan.video!.url, {});
const ffmpegStart = () => new Promise((resolve, reject) => spawn(ffmpegBin(), ['-version'], { stdio: 'ignore' }).once('exit', resolve).once('error', reject));
const best = (name: string) => Math.min(...(samples[name] ?? [Infinity]));

// The peers' reference, as people run it: the whole stream one fragment at a time (yt-dlp's default), and a clip
// with --download-sections (it hands the cut to ffmpeg, which fetches the covering segments itself).
let ytOutputs = 0;
const ytdlp = (extra: string[]) => () => runYtdlp(['--no-config', '--quiet', ...extra, '-o', path.join(work, `y${++ytOutputs}.%(ext)s`), '--', hlsUrl]);

it(`HLS ${SEGMENTS} × 1 s at ${LATENCY_MS} ms per request: a ${CLIP.end - CLIP.start} s clip from the middle vs the whole stream (best of ${RUNS}, interleaved)`, async () => {
  const counts: Record<string, number> = {};
  const run = (name: string, delivery: DeliveryOptions) => timed(name, async () => (counts[name] = await prepare(delivery)));
  for (let i = 0; i < RUNS; i++) {
    await run('whole stream', { embedMetadata: true });
    await run('clip (copy)', { embedMetadata: true, trim: { ...CLIP, exact: false } });
    await run('clip (exact)', { embedMetadata: true, trim: { ...CLIP, exact: true } });
    await timed('fetch whole', () => fetchOnly());
    await timed('fetch clip', () => fetchOnly(CLIP));
    await timed('playlist', playlistTrip);
    await timed('ffmpeg start', ffmpegStart);
    await timed('yt-dlp whole stream', ytdlp([]));
    await timed('yt-dlp clip', ytdlp(['--download-sections', `*${CLIP.start}-${CLIP.end}`]));
  }
  const covering = CLIP.end - CLIP.start;
  printTable(`trim: a ${covering} s clip of a ${SEGMENTS}-segment HLS, ${LATENCY_MS} ms per request (ratio = speed-up, higher is better); segments fetched: whole ${counts['whole stream']}, clip (copy) ${counts['clip (copy)']}, clip (exact) ${counts['clip (exact)']} — ${covering} cover the clip, at most ${covering + 2} allowed`, [
    { label: 'clip (copy) vs whole stream', reference: 'whole stream', candidate: 'clip (copy)', target: '≥ 10', as: 'speed' },
    { label: 'clip (exact, re-encoded) vs whole stream', reference: 'whole stream', candidate: 'clip (exact)', target: '—', as: 'speed' },
    { label: 'fetch only: clip segments vs all segments', reference: 'fetch whole', candidate: 'fetch clip', target: '—', as: 'speed' },
    { label: `clip (copy) vs ${referenceLabel}'s clip (--download-sections)`, reference: 'yt-dlp clip', candidate: 'clip (copy)', target: '—', as: 'speed' },
    { label: `clip (copy) vs yt-dlp's whole stream (its default)`, reference: 'yt-dlp whole stream', candidate: 'clip (copy)', target: '—', as: 'speed' },
  ]);
  // The floor of a clip: one round of segment requests (the analysis's reading of the playlist is reused when it
  // is under a minute old, as here) and one ffmpeg start.
  const floor = best('fetch clip') + best('ffmpeg start');
  const ms = (name: string) => `${(best(name) * 1000).toFixed(0)} ms`;
  process.stdout.write(`clip breakdown (best): playlist trip (not made: the analysis's reading is reused) ${ms('playlist')}, fetch clip ${ms('fetch clip')}, ffmpeg start ${ms('ffmpeg start')}, clip (copy) ${ms('clip (copy)')}; `
    + `floor ≈ the clip's fetch + ffmpeg start = ${(floor * 1000).toFixed(0)} ms → at best ${(best('whole stream') / floor).toFixed(1)}× against the whole stream's ${ms('whole stream')}; `
    + `a clip that cost only its fetch: ${(best('fetch whole') / best('fetch clip')).toFixed(1)}×\n`);
});
