import { LOCALES } from '@/lib/i18n/routing';

export interface Credentials {
  email: string;
  password: string;
  /** Registration only: an admin's invite, or the instance's one-time setup token. */
  invite?: string;
  setupToken?: string;
}

/**
 * Thrown when the server refuses: `code` is the envelope's stable code (the form says it in the visitor's
 * language), `message` the server's own text (or empty, so the form uses its fallback).
 */
export class AuthRequestError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
  }
}

/** POSTs credentials as JSON; resolves on 2xx, otherwise throws with the envelope's `error` text. */
export async function postCredentials(path: string, values: Credentials): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(values),
    credentials: 'same-origin',
  });
  if (res.ok) return;
  const { message, code } = await refusal(res);
  throw new AuthRequestError(message, code);
}

async function refusal(res: Response): Promise<{ message: string; code?: string }> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'error' in body) {
      const { error, code } = body as { error: unknown; code?: unknown };
      return { message: typeof error === 'string' ? error : '', code: typeof code === 'string' ? code : undefined };
    }
  } catch {
    // Not JSON (proxy error page, empty body): the caller's fallback text is clearer than a status line.
  }
  return { message: '' };
}

/**
 * Where to go after signing in. Only same-origin paths count: "//host" and "/\host" are protocol-relative to
 * browsers, and browsers drop tabs and line breaks from URLs, so "/\t/host" becomes "//host" too; an attacker
 * could use any of them to bounce the visitor off-site. The proxy may hand us a localized path (/ar/dashboard);
 * the router adds the current locale itself, so a leading locale segment is dropped.
 */
export function safeReturnPath(from: string | null): string {
  // Control characters (tab, CR, LF, NUL…) have no place in a path we made; refuse rather than clean.
  if (!from || /[\u0000-\u001f\u007f\\]/.test(from) || !from.startsWith('/') || from.startsWith('//')) return '/';
  const [first, ...rest] = from.slice(1).split('/');
  const segment = first.split(/[?#]/)[0];
  const path = (LOCALES as readonly string[]).includes(segment) ? `/${rest.join('/')}${first.slice(segment.length)}` : from;
  // Dropping the locale must not make a protocol-relative URL of what follows ("/ar//host").
  return path.startsWith('//') ? '/' : path;
}
