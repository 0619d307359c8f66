import 'server-only';
import { isIP } from 'node:net';
import { config } from '@/lib/config';
import { peerAddress, plainAddress } from './peer-address';

/**
 * The visitor's address. The TCP peer is the client unless that peer is one of our own reverse proxies: with
 * TRUST_PROXY=1, a peer inside TRUST_PROXY_FROM (loopback by default) speaks for the visitor in X-Forwarded-For,
 * and any other peer is the client itself, whatever headers it wrote — nginx's `set_real_ip_from` rule.
 *
 * Behind TRUST_PROXY_HOPS=n proxies (default 1) the last n entries of X-Forwarded-For were written by them —
 * nginx's `$proxy_add_x_forwarded_for` and Caddy append the address they saw — so the client is the n-th entry
 * from the right. Anything further left is whatever the caller sent and is never believed (Express's
 * `trust proxy = n`).
 *
 * 'local' is a request with no known peer: made in-process, never by a socket.
 */
export function clientAddress(headers: Headers): string {
  const peer = peerAddress(headers);
  if (!peer) return 'local';
  if (!fromTrustedProxy(headers)) {
    // Next writes the peer itself into X-Forwarded-For when a request carries none: only another value is a proxy's.
    const forwarded = headers.get('x-forwarded-for');
    if (forwarded && forwarded !== peer && plainAddress(forwarded) !== peer) warnUntrustedForwarder(peer);
    return peer;
  }
  const forwarded = fromTheRight(headers.get('x-forwarded-for'), config().trustedProxyHops);
  return forwarded ?? peer;
}

/**
 * Whether the request reached us through one of our own proxies: TRUST_PROXY on and the TCP peer inside
 * TRUST_PROXY_FROM. Only such a request's X-Forwarded-* headers (and a forward-auth header) mean anything.
 */
export function fromTrustedProxy(headers: Headers): boolean {
  const proxies = config().trustedProxies;
  const peer = peerAddress(headers);
  if (!proxies || !peer) return false;
  const family = isIP(peer);
  return family !== 0 && proxies.check(peer, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Whether the visitor reached us over https: our trusted proxies' word for it. Next builds the request URL's
 * scheme from X-Forwarded-Proto, whoever wrote it, and fills that header in itself when it is missing — so the
 * URL's scheme counts only on a request that carries no such header at all (a request made in-process).
 */
export function requestIsHttps(url: URL, headers: Headers): boolean {
  const forwarded = headers.get('x-forwarded-proto');
  if (fromTrustedProxy(headers) && fromTheRight(forwarded, config().trustedProxyHops)?.toLowerCase() === 'https') return true;
  return forwarded === null && url.protocol === 'https:';
}

/** The n-th comma-separated entry from the right (the leftmost one when there are fewer). */
function fromTheRight(value: string | null, n: number): string | undefined {
  const entries = (value ?? '').slice(-MAX_FORWARDED_LENGTH).split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.length === 0 ? undefined : entries[Math.max(0, entries.length - n)];
}

/** A forwarding chain longer than this is cut from the left: its right end, the part we believe, stays whole. */
const MAX_FORWARDED_LENGTH = 4096;

const warned = new Set<string>();

/**
 * A proxy in front of us that we were not told to trust makes every visitor look like one client (the proxy):
 * said once per address, so the operator can set TRUST_PROXY / TRUST_PROXY_FROM.
 */
function warnUntrustedForwarder(peer: string): void {
  if (warned.has(peer) || warned.size >= 16) return;
  warned.add(peer);
  const { env } = config();
  const why = env.TRUST_PROXY ? `TRUST_PROXY_FROM (${env.TRUST_PROXY_FROM.join(', ')}) does not list it` : 'TRUST_PROXY is not set';
  console.warn(`[grabline] a request from ${peer} carries X-Forwarded-For, which is ignored: ${why}. Behind your own proxy, set TRUST_PROXY=1 and list its address in TRUST_PROXY_FROM.`);
}
