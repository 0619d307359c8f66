/** Small readers over a parsed URL, shared by the platform matchers. */

export function pathSegments(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean);
}

/** Percent-decoded, or the text as it was when it is not valid percent-encoding. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A URL carried inside another (plugins, attribution links); null when it does not parse. */
export function innerUrl(value: string | null, base?: string): URL | null {
  if (!value) return null;
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

const TRACKING_KEYS = new Set([
  'fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'mibextid',
  'igshid', 'igsh', 'si', 'feature', 'share_id', 'mc_cid', 'mc_eid', '_ga', '_gl', 'ref_src', 'ref_url',
]);

export function isTrackingParam(key: string): boolean {
  const lower = key.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_KEYS.has(lower);
}

/**
 * The query without tracking parameters, as '' or '?…'. Works on the raw pairs rather than URLSearchParams so the
 * pairs we keep are byte-for-byte what the user gave: re-encoding would break signed media URLs.
 */
export function queryWithoutTracking(url: URL): string {
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isTrackingParam(decodeSegment(pair.split('=')[0])));
  return kept.length ? `?${kept.join('&')}` : '';
}
