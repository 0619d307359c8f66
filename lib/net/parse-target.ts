import 'server-only';
import { AppError } from '@/lib/errors';

/** Longer than any real media link; a bound keeps a pasted blob from being parsed and logged. */
const MAX_URL_LENGTH = 8192;

function invalidUrl(): AppError {
  return new AppError('invalid_url', 'Please enter a valid URL');
}

/**
 * A URL the server may try to fetch: http(s) only, a host, no credentials. WHATWG parsing also turns
 * the decimal, octal, hex and short IPv4 spellings (http://2130706433/, http://0x7f.1/) into dotted form,
 * so the address check later sees them as what they are.
 */
export function parseTarget(input: string | URL): URL {
  const text = typeof input === 'string' ? input.trim() : input.href;
  if (text.length === 0 || text.length > MAX_URL_LENGTH) throw invalidUrl();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidUrl();
  // Credentials in a URL would be sent to whoever the link points at, and hide the real host from readers.
  if (url.username !== '' || url.password !== '') throw invalidUrl();
  if (url.hostname === '') throw invalidUrl();
  return url;
}

/** The host as the resolver and the socket want it: IPv6 literals without their brackets. */
export function hostnameOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
