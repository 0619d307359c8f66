import type { Session } from '@/lib/auth/credentials';
import { LOCALES, routing } from '@/lib/i18n/routing';

/** The browser's copy of the session (accessToken, refreshToken in localStorage) and its one refresh. */

export const REFRESH_PATH = '/api/auth/refresh';

type TokenKey = 'accessToken' | 'refreshToken';

export type SessionTokens = Pick<Session, 'accessToken' | 'refreshToken'>;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked (privacy modes); the session cookie still authenticates.
    return null;
  }
}

export function readStoredToken(key: TokenKey): string | null {
  try {
    return storage()?.getItem(key) || null;
  } catch {
    return null;
  }
}

function storeTokens(tokens: SessionTokens): void {
  try {
    storage()?.setItem('accessToken', tokens.accessToken);
    storage()?.setItem('refreshToken', tokens.refreshToken);
  } catch {
    // Full or blocked storage: the refreshed cookies still carry the session.
  }
}

export function clearStoredTokens(): void {
  try {
    storage()?.removeItem('accessToken');
    storage()?.removeItem('refreshToken');
  } catch {
    // Nothing stored that we could reach.
  }
}

function tokensOf(body: unknown): SessionTokens {
  const data = body && typeof body === 'object' ? (body as { data?: Record<string, unknown> }).data : undefined;
  const { accessToken, refreshToken } = data ?? {};
  if (typeof accessToken !== 'string' || !accessToken || typeof refreshToken !== 'string' || !refreshToken) {
    throw new Error('Invalid response from refresh token endpoint');
  }
  return { accessToken, refreshToken };
}

async function requestRefresh(): Promise<SessionTokens> {
  const refreshToken = readStoredToken('refreshToken');
  // Without a stored token the httpOnly refresh cookie (if any) is what the server reads.
  const response = await fetch(REFRESH_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(refreshToken ? { refreshToken } : {}),
  });
  if (!response.ok) throw new Error(`Refresh failed: ${response.status}`);
  const tokens = tokensOf(await response.json().catch(() => null));
  storeTokens(tokens);
  return tokens;
}

// Requests that fail together share one refresh: a refresh token is single-use, so a second call would be a replay.
let inFlight: Promise<SessionTokens | null> | null = null;

/** New tokens, stored; null when the session could not be renewed (the stored tokens are then cleared). */
export function refreshSession(): Promise<SessionTokens | null> {
  inFlight ??= requestRefresh()
    .catch(() => {
      clearStoredTokens();
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** `/login?from=…` in the visitor's language; `from` is the page to return to (the login form checks it). */
export function loginPathFor(pathname: string, search: string): string {
  const first = pathname.split('/')[1];
  const locale = (LOCALES as readonly string[]).includes(first) ? first : routing.defaultLocale;
  const prefix = locale === routing.defaultLocale ? '' : `/${locale}`;
  return `${prefix}/login?${new URLSearchParams({ from: `${pathname}${search}` })}`;
}

/** The session is gone: forget it and send the browser to sign in, unless it is already there. */
export function signInAgain(): void {
  clearStoredTokens();
  if (typeof window === 'undefined') return;
  const { pathname, search } = window.location;
  if (/^\/(?:[\w-]+\/)?login(?:\/|$)/.test(pathname)) return;
  window.location.assign(loginPathFor(pathname, search));
}
