import { LOCALES } from '@/lib/i18n/routing';

export interface Credentials {
  email: string;
  password: string;
}

/** Thrown when the server refuses; `message` is the server's own text (or empty, so the form uses its fallback). */
export class AuthRequestError extends Error {}

/** POSTs credentials as JSON; resolves on 2xx, otherwise throws with the envelope's `error` text. */
export async function postCredentials(path: string, values: Credentials): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(values),
    credentials: 'same-origin',
  });
  if (res.ok) return;
  throw new AuthRequestError(await errorText(res));
}

async function errorText(res: Response): Promise<string> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'error' in body) {
      const error = (body as { error: unknown }).error;
      if (typeof error === 'string') return error;
      // The envelope may carry `{ code, message }` once the accounts API lands.
      if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
    }
  } catch {
    // Not JSON (proxy error page, empty body): the caller's fallback text is clearer than a status line.
  }
  return '';
}

/**
 * Where to go after signing in. Only same-origin paths count: "//host" and "/\host" are protocol-relative to
 * browsers, so an attacker could use them to bounce the visitor off-site. The proxy may hand us a localized
 * path (/ar/dashboard); the router adds the current locale itself, so a leading locale segment is dropped.
 */
export function safeReturnPath(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return '/';
  const [first, ...rest] = from.slice(1).split('/');
  if ((LOCALES as readonly string[]).includes(first.split(/[?#]/)[0])) {
    const tail = rest.join('/');
    const suffix = first.slice(first.split(/[?#]/)[0].length);
    return `/${tail}${suffix}` || '/';
  }
  return from;
}
