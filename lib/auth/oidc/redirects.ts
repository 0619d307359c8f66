import 'server-only';
import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { config } from '@/lib/config';
import { toAppError } from '@/lib/errors';
import { requestIsHttps } from '@/lib/http/client-address';
import { LOCALES, routing, type Locale } from '@/lib/i18n/routing';
import { OIDC_STATE_COOKIE, OIDC_STATE_PATH, OIDC_STATE_SECONDS } from './state';

const optionalText = z.string().trim().max(512).optional();

/** GET /api/auth/oidc/start's query: where to land afterwards, the page's language, and an invite or setup token. */
export const oidcStartQuery = z.object({ from: optionalText, locale: optionalText, invite: optionalText, setup: optionalText });

/** POST /api/auth/oidc/link's body: the settings page's language, for the way back. */
export const oidcLinkBody = z.object({ locale: optionalText });

export const localeOf = (value: string | undefined): Locale =>
  LOCALES.find((locale) => locale.toLowerCase() === value?.toLowerCase()) ?? routing.defaultLocale;

const localized = (locale: Locale, path: string) => (locale === routing.defaultLocale ? path : `/${locale}${path}`);

/** This site's public origin: SITE_URL, else the request's own. */
export const siteOrigin = (req: NextRequest): string => config().env.SITE_URL ?? req.nextUrl.origin;

/** The provider must send the browser back to exactly this address, registered with it as the redirect URI. */
export const redirectUriFor = (req: NextRequest): string => `${siteOrigin(req)}${OIDC_STATE_PATH}/callback`;

const PROBE = 'http://grabline.invalid';

/**
 * A path on this site only. Judged by how a URL parser reads it, not by its first characters: `//host`, `/\host`
 * and `/<tab>/host` all leave the site. Anything else lands on the dashboard.
 */
export function landingPath(from: string | undefined, locale: Locale): string {
  if (from?.startsWith('/')) {
    try {
      const url = new URL(from, PROBE);
      if (url.origin === PROBE) return url.pathname + url.search + url.hash;
    } catch {
      // Not a URL at all: the dashboard below.
    }
  }
  return localized(locale, '/dashboard');
}

/** Back to the sign-in page, which says what went wrong in the visitor's language (`?error=<code>`). */
export function toLoginWithError(req: NextRequest, locale: Locale, error: unknown): NextResponse {
  const { code } = toAppError(error);
  if (code === 'internal') console.error('[oidc]', error);
  const target = new URL(localized(locale, '/login'), siteOrigin(req));
  target.searchParams.set('error', code);
  const res = NextResponse.redirect(target, 303);
  clearAttemptCookie(res, req);
  return res;
}

/**
 * Back to the settings page after linking an identity: `?sso=linked`, or `?sso_error=<code>`, which the page says in
 * the visitor's language.
 */
export function toSettingsAfterLink(req: NextRequest, locale: Locale, error?: unknown): NextResponse {
  const target = new URL(localized(locale, '/dashboard/settings'), siteOrigin(req));
  if (error === undefined) target.searchParams.set('sso', 'linked');
  else {
    const { code } = toAppError(error);
    if (code === 'internal') console.error('[oidc]', error);
    target.searchParams.set('sso_error', code);
  }
  const res = NextResponse.redirect(target, 303);
  clearAttemptCookie(res, req);
  return res;
}

export function setAttemptCookie(res: NextResponse, req: NextRequest, sealed: string): void {
  res.cookies.set(OIDC_STATE_COOKIE, sealed, {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET navigation from its site, which Lax cookies go with.
    sameSite: 'lax',
    secure: requestIsHttps(req.nextUrl, req.headers),
    path: OIDC_STATE_PATH,
    maxAge: OIDC_STATE_SECONDS,
  });
}

export function clearAttemptCookie(res: NextResponse, req: NextRequest): void {
  res.cookies.set(OIDC_STATE_COOKIE, '', {
    httpOnly: true, sameSite: 'lax', secure: requestIsHttps(req.nextUrl, req.headers), path: OIDC_STATE_PATH, maxAge: 0,
  });
}
