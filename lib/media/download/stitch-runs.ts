import 'server-only';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { probeMedia, runFfmpeg } from '@/lib/media/ffmpeg';
import { buildShiftArgs, buildStitchArgs, nextOffset, runsCopyable, type StitchRun } from '@/lib/media/ffmpeg/stitch-args';
import { downloadToFile } from './write-to-file';
import { openRun } from './run-stream';
import type { SegmentFetchContext } from './segment-fetch';
import type { SegmentJob, SegmentRun } from './segment-job';

/**
 * ffmpeg over a run of the source's bytes: when it fails, the bytes are at fault (a run that does not decode),
 * which is the source's failure, never a 500.
 */
async function runOnSource(args: string[], signal: AbortSignal): Promise<void> {
  try {
    await runFfmpeg(args, { signal });
  } catch (error) {
    if (signal.aborted || !(error instanceof AppError) || error.code !== 'internal') throw error;
    throw new AppError('upstream_failed', 'The parts of this stream could not be joined', { cause: error.message });
  }
}

export interface StitchContext {
  fetch: SegmentFetchContext;
  concurrency: number;
  maxConcurrency?: number;
  signal: AbortSignal;
  internal: AbortController;
  onProgress?: (done: number, total: number, bytes: number) => void;
}

/** The files one after another as one stream; the folder is removed once the stream ends or is destroyed. */
function concatFiles(files: string[], dir: string): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const cleanup = () => void rm(dir, { recursive: true, force: true });
  out.once('close', cleanup);
  (async () => {
    for (const file of files) await pipeline(createReadStream(file), out, { end: false });
    out.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * Several runs (DASH periods, HLS segments between discontinuities or around a closed gap) → one MPEG-TS
 * stream on one timeline. Each run is fetched to its own file (init first, as a player would read it), probed,
 * and rewritten as MPEG-TS starting where the runs before it end; runs that differ in codec, picture size or
 * audio layout are all encoded to one shape. The bytes are held on disk, never whole in memory.
 */
export async function openStitched(runs: SegmentRun[], ctx: StitchContext) {
  const total = runs.reduce((sum, r) => sum + r.segments.length, 0);
  await mkdir(config().tempDir, { recursive: true });
  const dir = await mkdtemp(path.join(config().tempDir, 'stitch-'));
  try {
    let done = 0;
    let bytes = 0;
    const fetched: StitchRun[] = [];
    for (const [i, run] of runs.entries()) {
      const jobs: SegmentJob[] = run.init ? [run.init, ...run.segments] : run.segments;
      const offset = run.init ? 1 : 0;
      const { stream, first } = openRun(jobs, {
        fetch: ctx.fetch,
        concurrency: ctx.concurrency,
        ...(ctx.maxConcurrency ? { maxConcurrency: ctx.maxConcurrency } : {}),
        onEmit: (index, size) => {
          bytes += size;
          if (index >= offset) ctx.onProgress?.(++done, total, bytes);
        },
        onDestroy: () => undefined,
      });
      const file = path.join(dir, `run-${i}`);
      await Promise.all([first, downloadToFile(stream, file, { signal: ctx.signal })]);
      fetched.push({ path: file, probe: await probeMedia(file, { signal: ctx.signal }) });
    }
    const copy = runsCopyable(fetched);
    // Pass 1: each run as MPEG-TS whose own clock starts at 0 (copied, or encoded to one shape).
    const parts: StitchRun[] = [];
    for (const [i, run] of fetched.entries()) {
      const output = path.join(dir, `zero-${i}.ts`);
      await runOnSource(buildStitchArgs(run, { offsetSeconds: 0, copy, shapeOf: fetched[0].probe, output }), ctx.signal);
      await rm(run.path, { force: true });
      parts.push({ path: output, probe: await probeMedia(output, { signal: ctx.signal }) });
    }
    // Pass 2 (a copy): each run moved so that its first picture follows the previous run's last one on the same
    // frame grid, its sound never overlapping the previous run's; audio-only runs follow on by their sound.
    const outputs: string[] = [];
    let offsetSeconds = 0;
    for (const [i, part] of parts.entries()) {
      if (i > 0) offsetSeconds = nextOffset(offsetSeconds, parts[i - 1].probe, part.probe);
      const output = path.join(dir, `part-${i}.ts`);
      await runOnSource(buildShiftArgs(part.path, Math.max(0, offsetSeconds), output), ctx.signal);
      await rm(part.path, { force: true });
      outputs.push(output);
    }
    return { stream: concatFiles(outputs, dir), segmentCount: total, kind: 'ts' as const };
  } catch (error) {
    ctx.internal.abort();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
