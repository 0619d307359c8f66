import JSONbig from 'json-bigint';

/**
 * The browser's one way to call our API (SPEC §7): JSON in, the `{success, data}` envelope out, errors as values
 * with the server's code so the UI can say them in the visitor's language (messages, namespace "Errors").
 */

// SPEC §5: numbers longer than 15 digits must survive parsing, so they become BigNumber values instead of
// silently losing precision as plain JS numbers.
const bigJson = JSONbig({ storeAsString: false });

export function parseJson(text: string): unknown {
  return bigJson.parse(text);
}

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The server's error code (invalid_url, rate_limited…); absent when the answer was not our JSON envelope. */
  readonly code?: string;

  /** True when the reply carried no message of ours (a proxy's HTML page, an empty 502…). */
  readonly unreadable: boolean;

  constructor(message: string | null, init: { status: number; statusText: string; code?: string }) {
    super(message ?? serverErrorText(init.status, init.statusText));
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.unreadable = message === null;
  }
}

export function serverErrorText(status: number, statusText: string): string {
  return `Server error: ${status} ${statusText}`;
}

function authHeader(): Record<string, string> {
  if (typeof window === 'undefined') return {};
  try {
    const token = window.localStorage.getItem('accessToken');
    return token ? { Authorization: `Bearer ${token}` } : {};
  } catch {
    // Storage can be blocked (privacy modes); the session cookie still authenticates.
    return {};
  }
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: unknown;
  code?: unknown;
}

function readEnvelope(text: string): Envelope | null {
  try {
    const body = parseJson(text);
    return body && typeof body === 'object' ? (body as Envelope) : null;
  } catch {
    return null;
  }
}

export async function apiRequest<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeader() },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const envelope = readEnvelope(await response.text());
  const meta = { status: response.status, statusText: response.statusText };
  if (!response.ok || !envelope || envelope.success === false) {
    const message = typeof envelope?.error === 'string' && envelope.error ? envelope.error : null;
    const code = typeof envelope?.code === 'string' ? envelope.code : undefined;
    throw new ApiError(message, { ...meta, code });
  }
  return envelope.data as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
export const apiPost = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  apiRequest<T>(path, { method: 'POST', body, signal });
