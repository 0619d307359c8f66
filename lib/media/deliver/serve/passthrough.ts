import 'server-only';
import { isAppError } from '@/lib/errors';
import { openProgressive, type ProgressiveDownload } from '@/lib/media/download/fetch-progressive';
import type { SourceFormat } from '@/lib/media/types';
import { assertSizeAllowed, limits, sizeLimiter } from '@/lib/media/deliver/prepare/limits';
import { parseRangeStart } from './byte-range';
import { downloadHeaders, unsatisfiable } from './download-headers';
import { toWebStream } from './web-stream';

/** Origin streams open right now (tests and health read it: a client gone must leave none behind). */
export const passthroughStats = { open: 0 };

interface PassthroughMeta {
  title: string;
  ext: string;
  range: string | null;
  signal: AbortSignal;
}

/** `bytes=-N` of a source of known size is the range from size - N (the whole file when N is larger). */
const suffixStart = (suffix: number, size: number | undefined) => (size === undefined ? null : { start: Math.max(0, size - suffix) });

const past416 = (error: unknown) => isAppError(error) && /requested part of the file does not exist/.test(error.message);

/**
 * A single progressive source already in the wanted container, streamed from the origin as it arrives
 * (instant start, byte-identical) with the client's `Range` passed on. Nothing touches the disk.
 */
export async function passthrough(source: SourceFormat, meta: PassthroughMeta, onClose: () => void): Promise<Response> {
  const asked = parseRangeStart(meta.range);
  if (asked && 'suffix' in asked && asked.suffix === 0) {
    onClose();
    return unsatisfiable(meta.title, meta.ext, source.filesize);
  }
  let wanted: { start: number; end?: number } | null = asked && 'suffix' in asked ? suffixStart(asked.suffix, source.filesize) : asked;
  if (wanted && source.filesize !== undefined && wanted.start >= source.filesize) {
    onClose();
    return unsatisfiable(meta.title, meta.ext, source.filesize);
  }
  let download: ProgressiveDownload;
  // A length the origin states is checked below, before any byte; a body without one (chunked) is counted as it
  // streams and cut off past the limit. Our headers are out by then, so the client sees the body fail, never a
  // short file passed off as whole; destroying the stream also aborts the origin request.
  const open = (range: { start?: number; end?: number } = {}) =>
    openProgressive(source, { signal: meta.signal, stallMs: limits.stallMs(), ...range, onBytes: sizeLimiter((error) => download.stream.destroy(error)) });
  try {
    download = await open({ start: wanted?.start, end: wanted?.end });
  } catch (error) {
    if (wanted && past416(error)) return (onClose(), unsatisfiable(meta.title, meta.ext, source.filesize));
    throw error;
  }
  let total = download.totalSize;
  // A suffix range of a source whose size only its answer told: ask again for exactly the last bytes.
  if (asked && 'suffix' in asked && !wanted && total !== undefined && download.acceptsRanges) {
    download.stream.destroy();
    wanted = { start: Math.max(0, total - asked.suffix) };
    download = await open({ start: wanted.start });
    total = download.totalSize;
  }
  // Without the whole size no valid Content-Range exists: only a plain 200 from the first byte is honest.
  if (wanted && wanted.start > 0 && (total === undefined || download.size === undefined)) {
    download.stream.destroy();
    download = await open();
    total = download.totalSize;
  }
  try {
    assertSizeAllowed(total);
  } catch (error) {
    download.stream.destroy();
    throw error;
  }
  const range = wanted !== null && total !== undefined && download.size !== undefined
    ? { start: wanted.start, end: wanted.start + download.size - 1, total }
    : undefined;
  passthroughStats.open += 1;
  const body = toWebStream(download.stream, () => {
    passthroughStats.open -= 1;
    onClose();
  });
  const headers = downloadHeaders(meta.title, meta.ext, {
    acceptsRanges: download.acceptsRanges,
    length: download.size,
    range,
  });
  return new Response(body, { status: range ? 206 : 200, headers });
}
