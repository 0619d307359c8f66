/**
 * The outbound fetch the native extractors use. It mirrors `guardedFetch` from lib/net so tests can inject a
 * plain `fetch` against a local server while production goes through the one guarded path.
 */
export interface FetchOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  maxRedirects?: number;
  timeoutMs?: number;
  idleTimeoutMs?: number;
  maxBytes?: number;
}

/** Resolves to the response; `response.url` is the final URL after redirects. */
export type Fetcher = (url: string, opts?: FetchOptions) => Promise<Response>;

/** Throws AppError('private_address' | 'invalid_url') for a URL we must not fetch. */
export type UrlChecker = (url: string) => Promise<URL>;
