import { AppError } from '@/lib/errors';

// Long enough for signed CDN links, short enough that nobody pastes a novel into the engine.
const MAX_LENGTH = 8192;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

function invalidUrl(): AppError {
  return new AppError('invalid_url', 'Please enter a valid URL');
}

/**
 * What a user typed → an http(s) URL with a lower-case host and no trailing dot, or AppError('invalid_url').
 * People paste "youtube.com/watch?v=…" and "www.…" without a scheme, so a missing scheme means https.
 */
export function parseUserUrl(input: string): URL {
  const text = input.trim();
  if (!text || text.length > MAX_LENGTH || /\s/.test(text)) throw invalidUrl();
  let url: URL;
  try {
    url = new URL(withScheme(text));
  } catch {
    throw invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidUrl();
  // Credentials in a link are either a leak or a disguise (https://youtube.com@evil.example/).
  if (url.username || url.password) throw invalidUrl();
  const host = url.hostname.replace(/\.$/, '');
  if (!isPublicStyleHost(host)) throw invalidUrl();
  url.hostname = host;
  return url;
}

// "example.com:8080/x" and "localhost:3000" look like a scheme followed by text; digits after the colon are a port.
function withScheme(text: string): string {
  if (text.startsWith('//')) return `https:${text}`;
  const scheme = SCHEME.exec(text);
  const isPort = scheme !== null && /^\d+(?:[/?#]|$)/.test(text.slice(scheme[0].length));
  return scheme && !isPort ? text : `https://${text}`;
}

// A dotted name with a real-looking top-level label, or a dotted IPv4 address (the outbound guard judges those).
function isPublicStyleHost(host: string): boolean {
  if (IPV4.test(host)) return true;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && TOP_LEVEL.test(labels.at(-1) ?? '');
}
