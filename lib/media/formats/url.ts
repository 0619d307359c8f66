/** Resolves `ref` against `base`; null unless the result is http(s), so file:, data: and javascript: never leak. */
export function resolveUrl(ref: string | undefined | null, base: string): string | null {
  if (typeof ref !== 'string') return null;
  const trimmed = ref.trim();
  if (!trimmed || trimmed.length > 8192) return null;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** The last path segment without its extension, for a title when nothing better exists. */
export function fileNameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
    const name = decodeURIComponent(last).replace(/\.[a-z0-9]{1,5}$/i, '');
    return name || new URL(url).hostname;
  } catch {
    return 'media';
  }
}

/** Lower-case extension of the URL's path ("mp4", "m3u8"), or ''. */
export function extensionOf(url: string): string {
  try {
    const match = /\.([a-z0-9]{1,5})$/i.exec(new URL(url).pathname);
    return match ? match[1].toLowerCase() : '';
  } catch {
    return '';
  }
}
