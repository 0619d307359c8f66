import 'server-only';

/**
 * What a desktop browser would send. Some hosts serve a different (or no) page to unknown clients, and
 * `identity` keeps byte counts, ranges and `maxBytes` about the bytes we actually store.
 */
const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/152.0.0.0 Safari/537.36',
  accept: '*/*',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'identity',
};

/** Headers that identify the user to one origin and must not follow a redirect to another. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** The defaults overridden by the caller's headers; names lower-cased so an override always wins. */
export function buildRequestHeaders(overrides: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { ...DEFAULT_HEADERS };
  for (const [name, value] of Object.entries(overrides)) headers[name.toLowerCase()] = value;
  return headers;
}

export function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name)));
}
