import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { requestIsHttps } from '@/lib/http/client-address';
import { ACCESS_TOKEN_SECONDS } from './access-token';
import { REFRESH_TOKEN_SECONDS } from './refresh-tokens';
import { SIGNED_IN_HINT_COOKIE } from './signed-in-hint';

export const ACCESS_COOKIE = 'gl_access';
export const REFRESH_COOKIE = 'gl_refresh';
// Path=/ rather than /api/auth: the browser must send it with page requests too, so the proxy can renew an
// expired access cookie on /dashboard (and /ar/dashboard, …) without sending the user to the login form.
const REFRESH_PATH = '/';

export interface SessionTokens {
  accessToken: string;
  /** Absent when a raced page refresh re-used the family's newest token (refresh-tokens.ts). */
  refreshToken?: string;
}

const isHttps = (req: NextRequest) => requestIsHttps(req.nextUrl, req.headers);

export function setSessionCookies(res: NextResponse, req: NextRequest, tokens: SessionTokens): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: isHttps(req) };
  res.cookies.set(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/', maxAge: ACCESS_TOKEN_SECONDS });
  if (tokens.refreshToken) {
    res.cookies.set(REFRESH_COOKIE, tokens.refreshToken, { ...base, path: REFRESH_PATH, maxAge: REFRESH_TOKEN_SECONDS });
    res.cookies.set(SIGNED_IN_HINT_COOKIE, '1', { ...base, httpOnly: false, path: '/', maxAge: REFRESH_TOKEN_SECONDS });
  }
}

export function clearSessionCookies(res: NextResponse, req: NextRequest): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: isHttps(req), maxAge: 0 };
  res.cookies.set(ACCESS_COOKIE, '', { ...base, path: '/' });
  res.cookies.set(REFRESH_COOKIE, '', { ...base, path: REFRESH_PATH });
  res.cookies.set(SIGNED_IN_HINT_COOKIE, '', { ...base, httpOnly: false, path: '/' });
}
