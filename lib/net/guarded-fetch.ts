import 'server-only';
import type { IncomingMessage } from 'node:http';
import { AppError } from '@/lib/errors';
import { parseTarget } from './parse-target';
import { buildRequestHeaders, withoutCredentials } from './request-headers';
import { resolveTarget, systemLookup, type LookupAll } from './resolve-target';
import { toWebBody } from './response-body';
import { sendRequest, withinDeadline } from './send-request';

export interface GuardedFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  /** A POST's body (a webhook delivery). A POST never follows a redirect: the 3xx is the answer. */
  body?: string;
  signal?: AbortSignal;
  /** default 5 */
  maxRedirects?: number;
  /** 'manual': a redirect is the answer (its Location unread by us), as a POST's always is. Default 'follow'. */
  redirect?: 'follow' | 'manual';
  /** Time until the final response's headers, redirects and DNS included; default 15 s. */
  timeoutMs?: number;
  /** No body bytes for this long while reading → upstream_timeout; default 30 s. */
  idleTimeoutMs?: number;
  /** A larger body → too_large (up front from Content-Length, else while reading). */
  maxBytes?: number;
}

export interface FetchedText {
  text: string;
  url: string;
  status: number;
  headers: Headers;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const TEXT_MAX_BYTES = 5 * 1024 * 1024;

function redirectLocation(res: IncomingMessage, current: URL): URL | null {
  const location = res.headers.location;
  if (!REDIRECT_STATUSES.has(res.statusCode ?? 0) || !location) return null;
  try {
    return parseTarget(new URL(location, current));
  } catch {
    throw new AppError('upstream_failed', 'The source redirected to an address we cannot follow');
  }
}

function responseHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  return headers;
}

function toResponse(res: IncomingMessage, url: URL, redirected: boolean, method: string, options: GuardedFetchOptions) {
  const status = res.statusCode ?? 0;
  const hasBody = method !== 'HEAD' && !NULL_BODY_STATUSES.has(status);
  const declared = Number(res.headers['content-length']);
  if (hasBody && options.maxBytes !== undefined && declared > options.maxBytes) {
    res.destroy();
    throw new AppError('too_large', 'The file is too large', { maxBytes: options.maxBytes, contentLength: declared });
  }
  let response: Response;
  try {
    const init = { status, headers: responseHeaders(res) };
    const body = hasBody
      ? toWebBody(res, { idleTimeoutMs: options.idleTimeoutMs ?? 30_000, maxBytes: options.maxBytes, signal: options.signal })
      : null;
    response = new Response(body, init);
  } catch {
    // A status or header the web `Response` cannot carry: the source is not speaking usable HTTP.
    res.destroy();
    throw new AppError('upstream_failed', 'The source sent an invalid response');
  }
  if (!hasBody) res.resume();
  Object.defineProperty(response, 'url', { value: url.href });
  Object.defineProperty(response, 'redirected', { value: redirected });
  return response;
}

/** `lookup` is injectable so tests can play a hostile DNS; production uses the system resolver. */
export function createGuardedFetch({ lookup = systemLookup }: { lookup?: LookupAll } = {}) {
  async function guardedFetch(input: string | URL, options: GuardedFetchOptions = {}): Promise<Response> {
    const method = options.method ?? 'GET';
    const maxRedirects = options.maxRedirects ?? 5;
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    let url = parseTarget(input);
    let headers = buildRequestHeaders(options.headers);
    for (let hop = 0; ; hop++) {
      const target = await withinDeadline(resolveTarget(url, lookup), deadline, options.signal);
      const res = await sendRequest(url, target, { method, headers, body: options.body, deadline, signal: options.signal });
      // A body goes only where the caller sent it, so a POST's redirect is handed back, not followed.
      const next = method === 'POST' || options.redirect === 'manual' ? null : redirectLocation(res, url);
      if (next === null) return toResponse(res, url, hop > 0, method, options);
      res.destroy();
      if (hop >= maxRedirects) throw new AppError('upstream_failed', 'Too many redirects', { maxRedirects });
      // Once a hop leaves the origin, the caller's credentials stay behind for the rest of the chain.
      if (next.origin !== url.origin) headers = withoutCredentials(headers);
      url = next;
    }
  }

  /** A page, playlist or manifest as text; a non-2xx answer is an error here, with its status in details. */
  async function fetchText(input: string | URL, options: Omit<GuardedFetchOptions, 'method'> = {}): Promise<FetchedText> {
    const response = await guardedFetch(input, { ...options, method: 'GET', maxBytes: options.maxBytes ?? TEXT_MAX_BYTES });
    if (!response.ok) {
      await response.body?.cancel();
      throw new AppError('upstream_failed', 'The source answered with an error', { status: response.status });
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { text: decodeText(bytes, response.headers.get('content-type')), url: response.url, status: response.status, headers: response.headers };
  }

  /** Validate, resolve and check a URL found inside a page or manifest, before anything else gets it. */
  async function assertFetchableUrl(input: string): Promise<URL> {
    const url = parseTarget(input);
    await resolveTarget(url, lookup);
    return url;
  }

  return { guardedFetch, fetchText, assertFetchableUrl };
}

function decodeText(bytes: Uint8Array, contentType: string | null): string {
  const charset = /charset="?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const system = createGuardedFetch();
export const guardedFetch = system.guardedFetch;
export const fetchText = system.fetchText;
export const assertFetchableUrl = system.assertFetchableUrl;
