import 'server-only';
import { config } from '@/lib/config';
import { fromTrustedProxy } from './client-address';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const changesState = (method: string): boolean => UNSAFE_METHODS.has(method.toUpperCase());

/**
 * Whether a browser request comes from our own pages. `Origin` decides (every browser sends it on a POST,
 * PUT, PATCH or DELETE); where it is missing, `Sec-Fetch-Site`. "Ours" is SITE_URL's origin, or the host the
 * request was addressed to — `X-Forwarded-Host` when our own proxy says so, else `Host` (else the URL's). A request with
 * neither header was not made by a browser page, so no other site can have made it in a visitor's name.
 * `SameSite=Lax` cookies alone would not do: a sibling subdomain is the same site.
 */
export function fromOurOrigin(headers: Headers, url: URL): boolean {
  const origin = headers.get('origin');
  if (origin) return origin !== 'null' && ourOrigins(headers, url).some((ours) => sameHost(origin, ours));
  const site = headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

function ourOrigins(headers: Headers, url: URL): string[] {
  const { env } = config();
  const forwarded = fromTrustedProxy(headers) ? headers.get('x-forwarded-host')?.split(',').at(-1)?.trim() : undefined;
  const host = forwarded || headers.get('host') || url.host;
  return [env.SITE_URL, host ? `http://${host}` : undefined].filter((o): o is string => Boolean(o));
}

/** Host and port compared; the scheme too when SITE_URL names it (behind a proxy we see plain http). */
function sameHost(origin: string, ours: string): boolean {
  try {
    const a = new URL(origin);
    const b = new URL(ours);
    return a.host === b.host && (ours === config().env.SITE_URL ? a.protocol === b.protocol : true);
  } catch {
    return false;
  }
}
