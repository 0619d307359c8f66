/** Longer picture URLs are not handed on (no platform's thumbnail comes close). */
export const MAX_PICTURE_URL = 4096;

export const isRemote = (value: string) => /^https?:\/\//i.test(value);
const isOwnPath = (value: string) => value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');

/**
 * A picture as the engine hands it on, plain: an http(s) URL within the length cap, a `data:image/` URL or a path
 * of our own site; anything else (another scheme, an oversized URL, a protocol-relative link) is dropped.
 */
export function pictureUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (isRemote(value)) return value.length <= MAX_PICTURE_URL ? value : undefined;
  return value.startsWith('data:image/') || isOwnPath(value) ? value : undefined;
}
