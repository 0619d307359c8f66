import 'server-only';
import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { API_CONTENT_SECURITY_POLICY } from '@/lib/http/security-headers';
import { guardedFetch } from '@/lib/net/guarded-fetch';
import { readCached, writeCached } from './disk-cache';
import { imageTypeOf, type ImageType } from './image-type';
import { verifyThumbnail } from './signed-url';

/** What a source may label a picture: a picture type, or the generic labels some image hosts use. */
const GENERIC_TYPES = new Set(['application/octet-stream', 'binary/octet-stream']);
const ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9';

export interface Picture {
  bytes: Uint8Array;
  type: ImageType;
}

const notAnImage = () => new AppError('no_media', 'The thumbnail is not a picture');

/**
 * The picture at `src`, through the guarded fetch (private addresses refused on every hop), at most
 * THUMBNAIL_MAX_BYTES (too_large, from Content-Length up front, else while reading). Kept only when its first
 * bytes are one of the picture types we serve, whatever the source labelled it.
 */
async function fetchPicture(src: string): Promise<Picture> {
  const maxBytes = config().env.THUMBNAIL_MAX_BYTES;
  const res = await guardedFetch(src, { headers: { accept: ACCEPT }, maxBytes, timeoutMs: 10_000, idleTimeoutMs: 10_000 });
  const declared = res.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
  if (!res.ok || (declared && !declared.startsWith('image/') && !GENERIC_TYPES.has(declared))) {
    await res.body?.cancel();
    if (!res.ok) throw new AppError('upstream_failed', 'The thumbnail could not be fetched', { status: res.status });
    throw notAnImage();
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = imageTypeOf(bytes);
  if (!type) throw notAnImage();
  return { bytes, type };
}

/** A picture that could not be had is not asked for again for this long (a dead picture on every page view). */
const FAILURE_MEMORY_MS = 10 * 60 * 1000;
const MAX_REMEMBERED_FAILURES = 1000;

// Concurrent requests for one picture (a page of cards, many visitors) share one fetch.
const holder = globalThis as typeof globalThis & {
  __grablineThumbnails?: { inFlight: Map<string, Promise<Picture>>; failures: Map<string, { error: AppError; until: number }> };
};
const state = () => (holder.__grablineThumbnails ??= { inFlight: new Map(), failures: new Map() });

function rememberFailure(src: string, error: unknown): void {
  if (!(error instanceof AppError)) return;
  const { failures } = state();
  failures.delete(src);
  if (failures.size >= MAX_REMEMBERED_FAILURES) failures.delete(failures.keys().next().value!);
  failures.set(src, { error, until: Date.now() + FAILURE_MEMORY_MS });
}

/**
 * A remote picture's bytes and type, through the same guarded, size-capped fetch, disk cache and failure memory as
 * the thumbnail route (the thumbnail offer downloads the picture the card shows).
 */
export async function loadPicture(src: string): Promise<Picture> {
  const cached = await readCached(src);
  const type = cached && imageTypeOf(cached);
  if (cached && type) return { bytes: cached, type };
  const { inFlight, failures } = state();
  const failed = failures.get(src);
  if (failed && failed.until > Date.now()) throw failed.error;
  const running = inFlight.get(src);
  if (running) return running;
  const run = fetchPicture(src).then(
    async (picture) => {
      failures.delete(src);
      await writeCached(src, picture.bytes);
      return picture;
    },
    (error: unknown) => {
      rememberFailure(src, error);
      throw error;
    },
  );
  inFlight.set(src, run);
  try {
    return await run;
  } finally {
    inFlight.delete(src);
  }
}

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
