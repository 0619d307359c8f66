import 'server-only';
import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { API_CONTENT_SECURITY_POLICY } from '@/lib/http/security-headers';
import { loadPicture } from '@/lib/media/pictures/load-picture';
import { verifyThumbnail } from './signed-url';

/**
 * GET /api/thumbnail?src=…&sig=…: a picture the server named, signed with its secret. A missing or wrong
 * signature is the same 404 as a picture that does not exist. The answer can only ever be a picture: its type
 * from its bytes, nosniff, a policy that allows nothing, readable by our own pages only, cached for the TTL.
 */
export async function thumbnailResponse(query: { src?: string; sig?: string }, ifNoneMatch: string | null): Promise<Response> {
  if (!verifyThumbnail(query.src, query.sig)) throw new AppError('not_found', 'No such thumbnail');
  const picture = await loadPicture(query.src);
  const etag = `"${createHash('sha256').update(picture.bytes).digest('base64url').slice(0, 22)}"`;
  const headers: Record<string, string> = {
    'Cache-Control': `public, max-age=${Math.floor(config().env.THUMBNAIL_CACHE_TTL_MS / 1000)}, immutable`,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  const body = picture.bytes.slice().buffer;
  return new Response(body, {
    status: 200,
    headers: { ...headers, 'Content-Type': picture.type, 'Content-Length': String(picture.bytes.byteLength) },
  });
}
