import 'server-only';
import { config } from '@/lib/config';
import { requestIsHttps } from '@/lib/http/client-address';

const FALLBACK = 'http://localhost:3000';

/** The public origin used in canonical links, hreflang, sitemap and Open Graph (env SITE_URL). */
export function siteUrl(): string {
  return config().env.SITE_URL ?? FALLBACK;
}

// A host as browsers send it: a name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The origin a visitor reached us at, for what they copy and run (the API docs' base URL): SITE_URL when set,
 * else the request's own Host and scheme (https when the request or our trusted proxies say so). A Host that
 * is not a plain host[:port] falls back to SITE_URL's default.
 */
export function originFor(headers: Headers, url?: URL): string {
  const configured = config().env.SITE_URL;
  if (configured) return configured;
  const host = headers.get('host')?.trim() ?? '';
  if (!HOST.test(host)) return FALLBACK;
  const https = requestIsHttps(url ?? new URL('http://localhost/'), headers);
  return `${https ? 'https' : 'http'}://${host.toLowerCase()}`;
}
