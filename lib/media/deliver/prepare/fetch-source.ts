import 'server-only';
import { openProgressive } from '@/lib/media/download/fetch-progressive';
import { openSegmented } from '@/lib/media/download/fetch-segments';
import type { TimeWindow } from '@/lib/media/download/segment-window';
import { downloadToFile } from '@/lib/media/download/write-to-file';
import type { SourceFormat } from '@/lib/media/types';
import { limits } from './limits';

export interface FetchSourceOptions {
  signal: AbortSignal;
  /** 0..1 of this source, from bytes against the known size, or segments done against the count. */
  onFraction?: (fraction: number) => void;
  /** each chunk's size as it arrives (for the size limit) */
  onBytes?: (n: number) => void;
  /** A cut: a segmented source fetches only the segments covering it (a progressive file is fetched whole). */
  window?: TimeWindow;
}

export interface FetchedSource {
  bytes: number;
  /** Where in the source the local file begins. */
  offset: number;
  /** A cut of a segmented source: where the segment holding its start begins. */
  boundary?: number;
}

/** One source (progressive file, HLS or DASH) → a local file we wrote, with real progress. */
export async function fetchSourceToFile(source: SourceFormat, file: string, opts: FetchSourceOptions): Promise<FetchedSource> {
  if (source.protocol === 'http') {
    let received = 0;
    // The size is known once the response has started; bytes only flow after that.
    const known: { size?: number } = {};
    const download = await openProgressive(source, {
      signal: opts.signal,
      stallMs: limits.stallMs(),
      onBytes: (n) => {
        received += n;
        opts.onBytes?.(n);
        if (known.size) opts.onFraction?.(Math.min(1, received / known.size));
      },
    });
    known.size = download.size;
    return { bytes: await downloadToFile(download.stream, file, { signal: opts.signal }), offset: 0 };
  }
  let previous = 0;
  const download = await openSegmented(source, {
    signal: opts.signal,
    stallMs: limits.stallMs(),
    ...(opts.window ? { window: opts.window } : {}),
    onProgress: (done, total, bytes) => {
      opts.onBytes?.(bytes - previous);
      previous = bytes;
      opts.onFraction?.(total > 0 ? done / total : 0);
    },
  });
  const written = await downloadToFile(download.stream, file, { signal: opts.signal });
  opts.onFraction?.(1);
  return { bytes: written, offset: download.offset, ...(download.boundary !== undefined ? { boundary: download.boundary } : {}) };
}
