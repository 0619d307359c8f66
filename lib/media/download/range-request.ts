import 'server-only';
import { AppError } from '@/lib/errors';
import { guardedFetch } from '@/lib/net/guarded-fetch';
import { finalError, parseRetryAfter, statusError } from './retry-policy';

export interface RangeRequest {
  /** absolute offset of the first wanted byte */
  start: number;
  /** inclusive; undefined = to the end */
  end?: number;
  headers?: Record<string, string>;
  /** ETag or Last-Modified of the first response: a resume must get the same file or nothing. */
  ifRange?: string;
  signal?: AbortSignal;
  stallMs: number;
  maxBytes?: number;
}

export interface RangeResponse {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  status: number;
  /** absolute offset of the first body byte (0 when the source ignored our Range) */
  start: number;
  /** absolute offset of the last body byte, when known */
  end?: number;
  /** the whole resource's size, when known */
  total?: number;
  contentType?: string;
  acceptsRanges: boolean;
  validator?: string;
}

/** `bytes a-b/total` (total may be `*`); null when malformed. */
export function parseContentRange(value: string | null): { start: number; end: number; total?: number } | null {
  const match = value ? /^\s*bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(value) : null;
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  const total = match[3] === '*' ? undefined : Number(match[3]);
  if (end < start || (total !== undefined && end >= total)) return null;
  return { start, end, total };
}

/** A weak ETag cannot back If-Range (RFC 9110 §13.1.5); Last-Modified can. */
function validatorOf(headers: Headers): string | undefined {
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) return etag;
  return headers.get('last-modified') ?? undefined;
}

function lengthOf(headers: Headers): number | undefined {
  const value = headers.get('content-length');
  return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * One GET for `[start, end]`, checked: a 206 must cover exactly what we asked from `start`. A 200 is returned as
 * is (start 0) and the caller decides whether skipping into it is safe.
 */
export async function requestRange(url: string, req: RangeRequest): Promise<RangeResponse> {
  const headers: Record<string, string> = { ...req.headers };
  if (req.start > 0 || req.end !== undefined) {
    headers.range = `bytes=${req.start}-${req.end ?? ''}`;
    if (req.ifRange) headers['if-range'] = req.ifRange;
  }
  const res = await guardedFetch(url, {
    headers,
    signal: req.signal,
    timeoutMs: req.stallMs,
    idleTimeoutMs: req.stallMs,
    maxBytes: req.maxBytes,
  });
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 416) throw finalError('The requested part of the file does not exist');
    throw statusError(res.status, parseRetryAfter(res.headers.get('retry-after')));
  }
  const base = {
    reader: res.body.getReader(),
    status: res.status,
    contentType: res.headers.get('content-type') ?? undefined,
    validator: validatorOf(res.headers),
  };
  if (res.status === 206) {
    const range = parseContentRange(res.headers.get('content-range'));
    const sane = range && range.start === req.start && (req.end === undefined || range.end <= req.end);
    if (!sane) {
      await base.reader.cancel().catch(() => undefined);
      throw new AppError('upstream_failed', 'The source answered with the wrong part of the file', { retryable: false });
    }
    return { ...base, start: range.start, end: range.end, total: range.total, acceptsRanges: true };
  }
  const length = lengthOf(res.headers);
  const acceptsRanges = /\bbytes\b/i.test(res.headers.get('accept-ranges') ?? '');
  return { ...base, start: 0, end: length === undefined ? undefined : length - 1, total: length, acceptsRanges };
}
