import 'server-only';
import { config } from '@/lib/config';

/**
 * The visitor's address, as the reverse proxies we run in front of Grabline saw it. Route handlers get no
 * socket address in Next, so without trusted proxies (TRUST_PROXY unset) every caller is 'local' and shares
 * one set of per-address limits.
 *
 * With TRUST_PROXY=1 and TRUST_PROXY_HOPS=n (default 1), the last n entries of X-Forwarded-For were written
 * by our own proxies — nginx's `$proxy_add_x_forwarded_for` and Caddy append the address they saw — so the
 * client is the n-th entry from the right. Anything further left is whatever the caller sent and is never
 * believed: taking the first entry would let anyone rotate it and escape every limit. This is Express's
 * `trust proxy = n` rule.
 */
export function clientAddress(headers: Headers): string {
  const hops = config().trustedProxyHops;
  if (hops === 0) return 'local';
  return fromTheRight(headers.get('x-forwarded-for'), hops) ?? 'local';
}

/**
 * Whether the visitor reached us over https: our trusted proxies' word for it. Next builds the request URL's
 * scheme from X-Forwarded-Proto, whoever wrote it, and fills that header in itself when it is missing — so the
 * URL's scheme counts only on a request that carries no such header at all (a request made in-process).
 */
export function requestIsHttps(url: URL, headers: Headers): boolean {
  const hops = config().trustedProxyHops;
  const forwarded = headers.get('x-forwarded-proto');
  if (hops > 0 && fromTheRight(forwarded, hops)?.toLowerCase() === 'https') return true;
  return forwarded === null && url.protocol === 'https:';
}

/** The n-th comma-separated entry from the right (the leftmost one when there are fewer). */
function fromTheRight(value: string | null, n: number): string | undefined {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.length === 0 ? undefined : entries[Math.max(0, entries.length - n)];
}
