import 'server-only';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { imageTypeOf, type ImageType } from '@/lib/media/formats/image';
import { guardedFetch } from '@/lib/net/guarded-fetch';
import { readCached, writeCached } from './picture-cache';

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
 * A remote picture's bytes and type, through the guarded, size-capped fetch, the disk cache and the failure memory:
 * the thumbnail route serves the card's picture with it, and the thumbnail offer downloads that same picture.
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
