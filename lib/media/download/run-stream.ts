import 'server-only';
import { OrderedSegmentStream } from './ordered-segments';
import { fetchSegment, type SegmentFetchContext } from './segment-fetch';
import type { SegmentJob } from './segment-job';

/** What fetching a run needs besides its jobs. */
export interface RunContext {
  fetch: SegmentFetchContext;
  concurrency: number;
  /** adaptive concurrency grows up to this (see OrderedSegmentStream) */
  maxConcurrency?: number;
  /** after each piece is handed on, in order: its index in the run and its size */
  onEmit?: (index: number, size: number) => void;
  /** while piece `index` is being fetched: the share of it received so far (0–1), when its length is known */
  onPartial?: (index: number, fraction: number) => void;
  signal?: AbortSignal;
  onDestroy: () => void;
  /** Fetches piece `index` instead of the plain fetch of its job (a window deciding on its margin segment). */
  fetchAt?: (index: number) => Promise<Buffer>;
}

/** One run's pieces (init first) as a stream, fetched with bounded concurrency and handed on in order. */
export function openRun(jobs: SegmentJob[], ctx: RunContext): { stream: OrderedSegmentStream; first: Promise<Buffer> } {
  let first!: { resolve: (b: Buffer) => void; reject: (e: unknown) => void };
  const firstPiece = new Promise<Buffer>((resolve, reject) => (first = { resolve, reject }));
  const stream = new OrderedSegmentStream({
    total: jobs.length,
    concurrency: ctx.concurrency,
    ...(ctx.maxConcurrency ? { maxConcurrency: ctx.maxConcurrency } : {}),
    fetch: async (index) => {
      const onPartial = ctx.onPartial;
      const fetch = onPartial
        ? { ...ctx.fetch, onReceived: (received: number, expected: number | undefined) => expected && onPartial(index, Math.min(1, received / expected)) }
        : ctx.fetch;
      const piece = await (ctx.fetchAt ? ctx.fetchAt(index) : fetchSegment(jobs[index], fetch));
      if (index === 0) first.resolve(piece);
      return piece;
    },
    onEmit: ctx.onEmit,
    onDestroy: ctx.onDestroy,
  });
  stream.once('error', first.reject);
  firstPiece.then(() => stream.off('error', first.reject), () => undefined);
  return { stream, first: firstPiece };
}

