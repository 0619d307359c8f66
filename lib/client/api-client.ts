import { ApiError } from './api-error';
import { readStoredToken, refreshSession, REFRESH_PATH, signInAgain } from './session-tokens';

/**
 * The browser's one way to call our API: JSON in, the `{success, data}` envelope out, errors as values
 * with the server's code so the UI can say them in the visitor's language (messages, namespace "Errors").
 */

/**
 * Numbers longer than 15 digits must survive parsing: they arrive as their digits (a string) instead of a rounded
 * number; readers coerce with Number() where they compute, which reads either form. The parser (json-bigint with
 * bignumber.js, about 11 KB gzipped) is fetched with the first API call, in parallel with it, not with every page.
 */
let bigJson: { parse(text: string): unknown } | null = null;
let parserLoading: Promise<void> | null = null;

export function loadJsonParser(): Promise<void> {
  parserLoading ??= import('json-bigint').then(
    ({ default: JSONbig }) => {
      bigJson = JSONbig({ storeAsString: true });
    },
    (error: unknown) => {
      parserLoading = null; // a failed fetch of the chunk is tried again by the next call
      throw error;
    },
  );
  return parserLoading;
}

/** Parses an API answer; only after `loadJsonParser()` has resolved (every apiRequest waits for it). */
export function parseJson(text: string): unknown {
  if (!bigJson) throw new Error('parseJson called before loadJsonParser() resolved');
  return bigJson.parse(text);
}

// The error type lives apart so code that only reads errors (error-text) does not bring the client in.
export { ApiError, serverErrorText } from './api-error';

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

function readEnvelope(text: string): Envelope | null {
  try {
    const body = parseJson(text);
    return body && typeof body === 'object' ? (body as Envelope) : null;
  } catch {
    return null;
  }
}

type ApiRequestInit = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal };

function send(path: string, init: ApiRequestInit, accessToken: string | null): Promise<Response> {
  return fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
}

/**
 * Token refresh: a 401/403 to a request not yet retried (and not the refresh call itself) refreshes the
 * session once and retries. When the refresh fails and a session was in use, the visitor signs in again; an
 * anonymous request (no stored token, no live cookie) just gets its error.
 */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const token = readStoredToken('accessToken');
  const parser = loadJsonParser();
  parser.catch(() => undefined); // awaited below; a failure surfaces there
  let response = await send(path, init, token);
  if ((response.status === 401 || response.status === 403) && path !== REFRESH_PATH) {
    const renewed = await refreshSession();
    if (renewed) response = await send(path, init, renewed.accessToken);
    else if (token) signInAgain();
  }
  const text = await response.text();
  await parser;
  const envelope = readEnvelope(text);
  const meta = { status: response.status, statusText: response.statusText };
  if (!response.ok || !envelope || envelope.success === false) {
    const message = typeof envelope?.error === 'string' && envelope.error ? envelope.error : null;
    const code = typeof envelope?.code === 'string' ? envelope.code : undefined;
    const details = envelope?.details && typeof envelope.details === 'object' ? (envelope.details as Record<string, unknown>) : undefined;
    throw new ApiError(message, { ...meta, code, ...(details ? { details } : {}) });
  }
  return envelope.data as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
export const apiPost = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  apiRequest<T>(path, { method: 'POST', body, signal });
