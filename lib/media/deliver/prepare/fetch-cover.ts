import 'server-only';
import { writeFile } from 'node:fs/promises';
import { imageTypeOf } from '@/lib/media/formats/image';
import { guardedFetch } from '@/lib/net/guarded-fetch';

/** A cover is a thumbnail, not a poster: anything larger is not worth the wait. */
const MAX_COVER_BYTES = 8 * 1024 * 1024;
/** The pictures the converter's demuxer list reads (by their bytes); AVIF is not among them. */
const READABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/**
 * The media's picture, fetched through the guarded fetch into a local file for ffmpeg (which never sees a URL).
 * Only a real JPEG, PNG, WebP or GIF by its first bytes is kept. A missing cover never fails a download: any
 * failure is undefined, and the file is made without one.
 */
export async function fetchCover(src: string, file: string, signal: AbortSignal): Promise<string | undefined> {
  try {
    const res = await guardedFetch(src, { signal, maxBytes: MAX_COVER_BYTES, timeoutMs: 10_000, idleTimeoutMs: 10_000, headers: { accept: 'image/*' } });
    if (!res.ok) {
      await res.body?.cancel();
      return undefined;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!READABLE.has(imageTypeOf(bytes) ?? '')) return undefined;
    await writeFile(file, bytes);
    return file;
  } catch {
    return undefined;
  }
}
