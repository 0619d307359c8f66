import 'server-only';
import type { Readable } from 'node:stream';
import { AppError } from '@/lib/errors';
import type { SourceFormat } from '@/lib/media/types';
import { ProgressiveStream } from './progressive-stream';
import { requestRange } from './range-request';
import { abortReason, RetryBudget, withRetries } from './retry-policy';

export interface ProgressiveSource {
  url: string;
  httpHeaders?: Record<string, string>;
  filesize?: number;
}

export interface ProgressiveOptions {
  signal?: AbortSignal;
  /** first byte wanted (default 0) */
  start?: number;
  /** last byte wanted, inclusive (default: the end of the file) */
  end?: number;
  /** called with the size of each chunk as it is handed on */
  onBytes?: (n: number) => void;
  /** ask in ranged requests of this many bytes, for hosts that throttle long reads */
  chunkSize?: number;
  /** failures tolerated in a row before giving up (default 5) */
  retries?: number;
  /** no bytes for this long counts as a failure (default 20 s) */
  stallMs?: number;
}

export interface ProgressiveDownload {
  stream: Readable;
  /** bytes the stream will yield, when known */
  size?: number;
  /** the whole file's size, when known */
  totalSize?: number;
  contentType?: string;
  acceptsRanges: boolean;
}

function validRange(start: number, end: number | undefined): boolean {
  return Number.isSafeInteger(start) && start >= 0 && (end === undefined || (Number.isSafeInteger(end) && end >= start));
}

/**
 * Opens a progressive (single-file) source as a stream of exactly the bytes [start, end]. Resolves once the
 * first response's headers are in; drops, resets and stalls after that are resumed with `Range` from the next
 * missing byte, so what the stream yields is byte-identical to the file.
 */
export async function openProgressive(
  source: SourceFormat | ProgressiveSource,
  opts: ProgressiveOptions = {},
): Promise<ProgressiveDownload> {
  const start = opts.start ?? 0;
  if (!validRange(start, opts.end)) throw new AppError('invalid_request', 'Invalid byte range');
  if (opts.chunkSize !== undefined && !(opts.chunkSize >= 64 * 1024)) {
    throw new AppError('invalid_request', 'Chunk size must be at least 64 KiB');
  }
  const stallMs = opts.stallMs ?? 20_000;
  const internal = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, internal.signal]) : internal.signal;
  const budget = new RetryBudget(opts.retries ?? 5, signal);
  const firstEnd = opts.chunkSize ? Math.min(opts.end ?? Infinity, start + opts.chunkSize - 1) : opts.end;

  const first = await withRetries(budget, () =>
    requestRange(source.url, { start, end: firstEnd, headers: source.httpHeaders, signal, stallMs }),
  ).catch((error: unknown) => {
    const aborted = signal.aborted;
    internal.abort();
    throw aborted ? abortReason(signal) : error;
  });

  // Only the response's own length counts: an extractor's `filesize` may be an estimate.
  const total = first.total;
  const fileLast = total === undefined ? undefined : total - 1;
  const last = opts.end === undefined ? fileLast : Math.min(opts.end, fileLast ?? opts.end);
  const onAbort = () => stream.destroy(abortReason(opts.signal as AbortSignal) as Error);
  const stream = new ProgressiveStream(
    first,
    {
      url: source.url,
      headers: source.httpHeaders,
      position: start,
      last,
      total,
      chunkSize: opts.chunkSize,
      acceptsRanges: first.acceptsRanges,
      validator: first.validator,
      stallMs,
      budget,
      signal,
      onBytes: opts.onBytes,
    },
    () => {
      internal.abort();
      opts.signal?.removeEventListener('abort', onAbort);
    },
  );
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    stream,
    size: last === undefined ? undefined : Math.max(0, last - start + 1),
    totalSize: total,
    contentType: first.contentType,
    acceptsRanges: first.acceptsRanges,
  };
}
