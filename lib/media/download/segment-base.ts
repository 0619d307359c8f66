import 'server-only';
import { readSidx } from '@/lib/media/formats/sidx';
import type { Fragment } from '@/lib/media/types';
import { requestRange } from './range-request';
import { RetryBudget, withRetries } from './retry-policy';
import { fetchSegment, type SegmentFetchContext } from './segment-fetch';
import type { SegmentJob } from './segment-job';

/** A whole file is fetched as ranges of this size, several at once, in order. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

export type FetchCtx = Omit<SegmentFetchContext, 'keyFor'>;

const job = (url: string, start: number, end: number): SegmentJob => ({ url, range: { start, end }, raw: true });

/** DASH SegmentBase: the sidx at `fragment.index` is fetched (one small range) and each subsegment becomes a range. */
export async function indexedJobs(fragment: Fragment & { index: NonNullable<Fragment['index']> }, ctx: FetchCtx): Promise<SegmentJob[]> {
  const bytes = await fetchSegment({ url: fragment.url, range: fragment.index, raw: true }, { ...ctx, keyFor: noKeys });
  return readSidx(bytes, fragment.index.start, fragment.url).map((f) => job(f.url, f.range!.start, f.range!.end));
}

/**
 * An unfragmented file (a bare BaseURL, a SegmentBase without index): its size from a one-byte range, then
 * ranges of CHUNK_BYTES fetched in parallel and handed on in order. Undefined when the origin ignores Range —
 * the caller then reads it as one stream.
 */
export async function chunkedJobs(url: string, ctx: FetchCtx): Promise<SegmentJob[] | undefined> {
  const total = await withRetries(new RetryBudget(ctx.retries, ctx.signal), async () => {
    const res = await requestRange(url, { start: 0, end: 0, headers: ctx.headers, signal: ctx.signal, stallMs: ctx.stallMs, maxBytes: 1 });
    await res.reader.cancel().catch(() => undefined);
    return res.status === 206 ? res.total : undefined;
  }).catch(() => undefined);
  if (!total) return undefined;
  const jobs: SegmentJob[] = [];
  for (let start = 0; start < total; start += CHUNK_BYTES) jobs.push(job(url, start, Math.min(total, start + CHUNK_BYTES) - 1));
  return jobs;
}

const noKeys = () => Promise.reject(new Error('no key in a DASH SegmentBase file'));
