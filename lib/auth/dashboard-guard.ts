import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import { LOCALES, routing } from '@/lib/i18n/routing';
import { verifyAccessToken } from './access-token';
import { ACCESS_COOKIE, clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './cookies';
import { forwardAuthAccount, proxiedEmail } from './forward-auth';
import { activeAccount } from './roles';
import { renewForPage } from './sessions';

type Next = (req: NextRequest) => NextResponse | Promise<NextResponse>;

const DASHBOARD = new RegExp(`^/(?:(${LOCALES.join('|')})/)?dashboard(?:/|$)`, 'i');

/**
 * The page guard: `/dashboard/**` in any locale needs a session. A valid access cookie passes; an expired one
 * with a live refresh cookie is renewed on the spot (new cookies on the response, and on the request so the
 * page itself sees the session); anything else is a 307 to the localized /login?from=<path and query>. The access
 * cookie's account is read from the store, so a disabled one is sent away at once; a trusted forward-auth proxy's
 * header (forward-auth.ts) is a session of its own.
 * Every protected API handler checks again: this guard only decides which pages render.
 */
export async function guardDashboard(db: () => Promise<Db>, req: NextRequest, next: Next): Promise<NextResponse> {
  const match = DASHBOARD.exec(decodedPath(req));
  if (!match) return next(req);

  if (await signedInByProxy(db, req)) return next(req);
  const access = req.cookies.get(ACCESS_COOKIE)?.value;
  const claims = access ? await verifyAccessToken(access) : null;
  if (claims && (await stillActive(db, claims.id))) return next(req);

  const refresh = req.cookies.get(REFRESH_COOKIE)?.value;
  const renewed = refresh ? await renew(db, refresh) : null;
  if (renewed) {
    req.cookies.set(ACCESS_COOKIE, renewed.accessToken);
    const res = await next(req);
    setSessionCookies(res, req, renewed);
    return res;
  }
  return toLogin(req, match[1]);
}

async function stillActive(db: () => Promise<Db>, userId: string): Promise<boolean> {
  try {
    await activeAccount(await db(), userId);
    return true;
  } catch {
    return false;
  }
}

async function signedInByProxy(db: () => Promise<Db>, req: NextRequest): Promise<boolean> {
  const email = proxiedEmail(req.headers);
  if (!email) return false;
  try {
    await forwardAuthAccount(await db(), email);
    return true;
  } catch {
    return false;
  }
}

async function renew(db: () => Promise<Db>, refreshToken: string) {
  try {
    return await renewForPage(await db(), refreshToken);
  } catch (error) {
    // A store that is down must not take the public pages with it: the visitor is sent to sign in instead.
    console.error('[guard] session renewal failed', error);
    return null;
  }
}

function toLogin(req: NextRequest, prefix: string | undefined): NextResponse {
  const locale = LOCALES.find((candidate) => candidate.toLowerCase() === prefix?.toLowerCase());
  const login = new URL(!locale || locale === routing.defaultLocale ? '/login' : `/${locale}/login`, req.url);
  login.searchParams.set('from', req.nextUrl.pathname + req.nextUrl.search);
  const res = NextResponse.redirect(login, 307);
  // Stale cookies would send every later visit through the same failed renewal.
  if (req.cookies.has(ACCESS_COOKIE) || req.cookies.has(REFRESH_COOKIE)) clearSessionCookies(res, req);
  return res;
}

/** Percent-encoded paths (`/%64ashboard`) reach the same page, so they must meet the same guard. */
function decodedPath(req: NextRequest): string {
  try {
    return decodeURI(req.nextUrl.pathname);
  } catch {
    return req.nextUrl.pathname;
  }
}
