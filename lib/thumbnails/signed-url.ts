import 'server-only';
import { sameSecret, serverSignature } from '@/lib/http/server-secret';
import { isRemote, MAX_PICTURE_URL, pictureUrl } from '@/lib/media/pictures/picture-url';
import type { MediaInfo } from '@/lib/media/types';

/** Where the browser loads every remote picture from: our route, never the platform's host. */
export const THUMBNAIL_ROUTE = '/api/thumbnail';

/** Longer source URLs are not served (no platform's thumbnail comes close). */
export const MAX_SOURCE_LENGTH = MAX_PICTURE_URL;

/** 128 bits of HMAC-SHA256: unforgeable, and short enough for two dozen cards a page. */
const SIGNATURE_LENGTH = 22;

function signatureOf(src: string): string {
  return serverSignature('thumbnail', src).slice(0, SIGNATURE_LENGTH);
}

/**
 * Our route's path for a remote picture. Only the server mints one, for a picture an analysis, a channel reading
 * or a stored history entry named; the route serves nothing else, so it can never become an open proxy.
 */
export function thumbnailPath(src: string): string {
  return `${THUMBNAIL_ROUTE}?${new URLSearchParams({ src, sig: signatureOf(src) })}`;
}

/** Whether `sig` is the server's signature of `src`; constant time. */
export function verifyThumbnail(src: string | undefined, sig: string | undefined): src is string {
  if (!src || !sig || src.length > MAX_SOURCE_LENGTH || sig.length !== SIGNATURE_LENGTH) return false;
  return sameSecret(sig, signatureOf(src));
}

/** The remote picture a path of our route stands for (its signature unchecked: the value is our own). */
function sourceInPath(value: string): string | undefined {
  if (!value.startsWith(`${THUMBNAIL_ROUTE}?`)) return undefined;
  const src = new URLSearchParams(value.slice(THUMBNAIL_ROUTE.length + 1)).get('src');
  return src && isRemote(src) ? src : undefined;
}

/**
 * What the browser is handed for a picture the server found or stored: a remote picture becomes our route's
 * signed path (a path of our route is signed afresh, so entries stored under an earlier secret still load),
 * `data:` URLs and our own paths stay as they are, and anything else (another scheme, an oversized URL) is dropped.
 */
export function publicThumbnail(value: string | null | undefined): string | undefined {
  const shown = pictureUrl(value && (sourceInPath(value) ?? value));
  return shown && isRemote(shown) ? thumbnailPath(shown) : shown;
}

/** An analysis as a client receives it: every picture it names (the media's, its items', its entries') as publicThumbnail gives it. */
export const publicMediaInfo = (info: MediaInfo): MediaInfo => ({
  ...info,
  thumbnail: publicThumbnail(info.thumbnail) ?? '',
  ...(info.items ? { items: info.items.map((item) => ({ ...item, thumbnail: publicThumbnail(item.thumbnail) ?? '' })) } : {}),
  ...(info.entries ? { entries: info.entries.map(({ thumbnail, ...entry }) => (publicThumbnail(thumbnail) ? { ...entry, thumbnail: publicThumbnail(thumbnail) } : entry)) } : {}),
});

/** The remote picture behind a value `publicThumbnail` gave: what is worth storing (a signature is not). */
export function thumbnailSource(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return sourceInPath(value) ?? value;
}
