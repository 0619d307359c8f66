import 'server-only';
import { config } from '@/lib/config';
import type { Readable } from 'node:stream';
import type { SourceFormat } from '@/lib/media/types';
import { openProgressive } from './fetch-progressive';
import { createKeyCache } from './hls-keys';
import { abortReason } from './retry-policy';
import { openRun } from './run-stream';
import { createCbcsInitCache, type SegmentFetchContext } from './segment-fetch';
import { openStitched } from './stitch-runs';
import type { SegmentJob } from './segment-job';
import { planSegments } from './segment-plan';
import { sniffSegmentKind, type SegmentKind } from './segment-kind';
import { windowPlan, type TimeWindow } from './segment-window';
import { marginChoice } from './window-margin';

export interface SegmentedOptions {
  signal?: AbortSignal;
  /**
   * segments in flight at once, fixed. Unset: adaptive, from SEGMENT_CONCURRENCY (default 8) up to
   * MAX_ADAPTIVE_CONCURRENCY while segments stay small.
   */
  concurrency?: number;
  /** as segments arrive: segments done (with the received share of those arriving, so fractional), segments in all, bytes handed on so far */
  onProgress?: (done: number, total: number, bytes: number) => void;
  /** per segment (default 5) */
  retries?: number;
  /** no bytes for this long fails the attempt (default 20 s) */
  stallMs?: number;
  /** Only the segments covering this stretch (and one on each side): a cut never fetches the whole stream. */
  window?: TimeWindow;
}

export interface SegmentedDownload {
  stream: Readable;
  segmentCount: number;
  kind: SegmentKind;
  /** Where in the source the stream begins: 0, or the start of the first segment of a window. */
  offset: number;
  /** With a window: where the segment holding its start begins (see `windowPlan`). */
  boundary?: number;
}

const defaultConcurrency = (): number => config().env.SEGMENT_CONCURRENCY;
/** The most segments in flight adaptive concurrency reaches (the connection pool allows 64 per origin). */
const MAX_ADAPTIVE_CONCURRENCY = 32;

/** An unfragmented DASH file whose origin ignores Range: one whole file, streamed (with resume). */
async function openWholeFile(source: SourceFormat, opts: SegmentedOptions): Promise<SegmentedDownload> {
  let bytes = 0;
  const download = await openProgressive(
    { url: source.fragments![0].url, httpHeaders: source.httpHeaders },
    { signal: opts.signal, retries: opts.retries, stallMs: opts.stallMs, onBytes: (n) => (bytes += n) },
  );
  download.stream.once('end', () => opts.onProgress?.(1, 1, bytes));
  const kind: SegmentKind = /webm/.test(source.container ?? source.mimeType ?? '') ? 'other' : 'fmp4';
  return { stream: download.stream, segmentCount: 1, kind, offset: 0 };
}

/**
 * Opens an HLS (VOD) or DASH source as one stream: init segment first, then every segment in order, fetched
 * with bounded concurrency, retried, and decrypted when AES-128. Resolves once the first piece is in, so a
 * source that fails outright rejects here rather than as a stream error. A source made of several runs
 * (periods, discontinuities) is stitched on one timeline first (`stitch-runs.ts`).
 */
export async function openSegmented(source: SourceFormat, opts: SegmentedOptions = {}): Promise<SegmentedDownload> {
  const retries = opts.retries ?? 5;
  const stallMs = opts.stallMs ?? 20_000;
  const configured = Math.max(1, Math.min(64, Math.floor(opts.concurrency ?? defaultConcurrency())));
  const maxConcurrency = opts.concurrency === undefined ? Math.max(configured, MAX_ADAPTIVE_CONCURRENCY) : configured;
  const internal = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, internal.signal]) : internal.signal;

  const whole = await planSegments(source, { headers: source.httpHeaders, signal, retries, stallMs });
  if (whole.wholeFile) {
    // One unfragmented file: a cut reads it whole and ffmpeg seeks in it.
    internal.abort();
    return openWholeFile(source, opts);
  }
  const windowed = opts.window ? windowPlan(whole, opts.window) : undefined;
  const { plan, offset: startsAt } = windowed ?? { plan: whole, offset: 0 };
  const placed = windowed && windowed.plan !== whole ? { offset: startsAt, boundary: windowed.boundary } : { offset: startsAt };
  // A window is a handful of segments: unless told otherwise, all of them are asked for at once.
  const concurrency = opts.window && opts.concurrency === undefined ? Math.max(configured, Math.min(maxConcurrency, plan.segments.length + 1)) : configured;
  const plain = { headers: source.httpHeaders, signal, retries, stallMs };
  const keyFor = createKeyCache(plain);
  const fetchCtx: SegmentFetchContext = { ...plain, keyFor, cbcsInit: createCbcsInitCache({ ...plain, keyFor }) };
  if (plan.runs) {
    const stitched = await openStitched(plan.runs, { fetch: fetchCtx, concurrency, maxConcurrency, signal, onProgress: opts.onProgress, internal });
    return { ...stitched, ...placed };
  }

  const jobs: SegmentJob[] = plan.init ? [plan.init, ...plan.segments] : plan.segments;
  const offset = plan.init ? 1 : 0;
  // Only a muxed fMP4 window leaves out its margin: picture and sound then start together. A picture or sound
  // merged with another source keeps it, so the two stay on one timeline from the same seek point.
  const hasMargin = windowed !== undefined && windowed.plan !== whole && windowed.offset < windowed.boundary;
  const muxed = [source.vcodec, source.acodec].every((codec) => codec && codec !== 'none');
  const margin = hasMargin && plan.init && muxed ? marginChoice(jobs, fetchCtx) : undefined;
  let bytes = 0;
  // Progress counts segments handed on plus the received share of those still arriving, so a stream of a few
  // large segments moves as its bytes come rather than in a few jumps.
  // Never backwards: a retried segment starts its share again, and shares summed in another order differ in the last bit.
  let emitted = 0;
  let done = 0;
  const arriving = new Map<number, number>();
  const report = () => {
    let partial = 0;
    for (const share of arriving.values()) partial += share;
    done = Math.max(done, Math.min(plan.segments.length, emitted + partial));
    opts.onProgress?.(done, plan.segments.length, bytes);
  };
  const onAbort = () => stream.destroy(abortReason(opts.signal as AbortSignal) as Error);
  const { stream, first } = openRun(jobs, {
    fetch: fetchCtx,
    concurrency,
    maxConcurrency,
    onEmit: (index, size) => {
      bytes += size;
      arriving.delete(index);
      if (index >= offset) {
        emitted = index - offset + 1;
        report();
      }
    },
    ...(opts.onProgress
      ? {
        onPartial: (index: number, share: number) => {
          if (index < offset || index < emitted + offset) return;
          arriving.set(index, share);
          report();
        },
      }
      : {}),
    onDestroy: () => {
      internal.abort();
      opts.signal?.removeEventListener('abort', onAbort);
    },
    ...(margin ? { fetchAt: margin.fetchAt } : {}),
  });
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) onAbort();
  const head = await first;
  const closed = new Promise<boolean>((resolve) => stream.once('close', () => resolve(false)));
  const withoutMargin = margin ? await Promise.race([margin.dropped, closed]) : false;
  const start = withoutMargin && windowed ? { offset: windowed.boundary, boundary: windowed.boundary } : placed;
  return { stream, segmentCount: plan.segments.length, kind: sniffSegmentKind(head), ...start };
}
