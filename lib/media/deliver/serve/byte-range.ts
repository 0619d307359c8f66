/**
 * `bytes=<first>-<last>`, either number optional, spaces allowed around each part. Each number carries the spaces
 * after it, so no two runs of spaces meet: with `\s*(\d*)\s*` they could trade characters and a header padded with
 * spaces took quadratic time.
 */
const SINGLE_RANGE = /^\s*bytes\s*=\s*(?:(\d+)\s*)?-\s*(?:(\d+)\s*)?$/i;

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

/**
 * A client's `Range` header against a file of `size` bytes (RFC 9110 §14.1.2): one range only; a multi-range
 * or malformed header is ignored (null → answer the whole file), one that starts past the end is
 * 'unsatisfiable' (416).
 */
export function parseByteRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = SINGLE_RANGE.exec(header);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  if (match[1] === undefined) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === undefined ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * A client's single range when the size is not known yet (a passthrough before the origin answers): an open or
 * closed range from a start, or a suffix (`bytes=-N`, the last N bytes; `suffix: 0` is unsatisfiable).
 */
export function parseRangeStart(header: string | null): { start: number; end?: number } | { suffix: number } | null {
  const match = header ? SINGLE_RANGE.exec(header) : null;
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  if (match[1] === undefined) {
    const suffix = Number(match[2]);
    return Number.isSafeInteger(suffix) ? { suffix } : null;
  }
  const start = Number(match[1]);
  const end = match[2] === undefined ? undefined : Number(match[2]);
  if (!Number.isSafeInteger(start) || (end !== undefined && end < start)) return null;
  return { start, end };
}
