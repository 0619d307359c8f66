import { WIRE_LENGTH_HEADER } from '@/lib/http/wire-length';
import { contentDisposition } from './content-disposition';
import { contentTypeFor } from './content-types';

export interface BodyShape {
  /** bytes in this answer's body, when known */
  length?: number;
  /** for a 206: the part sent and the whole size */
  range?: { start: number; end: number; total: number };
  acceptsRanges: boolean;
}

/** The headers every download answers with (the type is ours, from the offer, never the origin's). */
export function downloadHeaders(title: string, ext: string, body: BodyShape): Headers {
  const headers = new Headers({
    'Content-Type': contentTypeFor(ext),
    'Content-Disposition': contentDisposition(title, ext),
    'Accept-Ranges': body.acceptsRanges ? 'bytes' : 'none',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  if (body.length !== undefined) {
    headers.set('Content-Length', String(body.length));
    // Next drops the line above on its way out; this one survives and becomes it again (lib/http/wire-length).
    headers.set(WIRE_LENGTH_HEADER, String(body.length));
  }
  if (body.range) headers.set('Content-Range', `bytes ${body.range.start}-${body.range.end}/${body.range.total}`);
  return headers;
}

/** 416 for a Range that starts past the end. */
export function unsatisfiable(title: string, ext: string, total: number | undefined): Response {
  const headers = downloadHeaders(title, ext, { acceptsRanges: true, length: 0 });
  if (total !== undefined) headers.set('Content-Range', `bytes */${total}`);
  return new Response(null, { status: 416, headers });
}
