import { NextResponse } from 'next/server';
import { setSessionCookies } from '@/lib/auth/cookies';
import { accountForIdentity, linkIdentity } from '@/lib/auth/oidc/accounts';
import { completeAttempt } from '@/lib/auth/oidc/flow';
import { signedInAccountId } from '@/lib/auth/oidc/link-session';
import { clearAttemptCookie, landingPath, localeOf, siteOrigin, toLoginWithError, toSettingsAfterLink } from '@/lib/auth/oidc/redirects';
import { OIDC_STATE_COOKIE, openAttempt } from '@/lib/auth/oidc/state';
import { startSession } from '@/lib/auth/sessions';
import { config } from '@/lib/config';
import { route, services } from '@/lib/server';
import { AppError } from '@/lib/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/auth/oidc/callback?code=&state=&iss= (the provider sends the browser here) → 303 to where the visitor was
 * going, signed in; on any failure 303 to /login?error=<code>. The attempt cookie is spent either way.
 * A link started from Settings (the attempt names an account) instead links the identity to that account, only while
 * the same account is still signed in in this browser, and goes back to Settings (?sso=linked or ?sso_error=<code>).
 */
export const GET = route({ auth: 'none' }, async ({ req }) => {
  if (!config().oidc) throw new AppError('not_found', 'Not found');
  const attempt = await openAttempt(req.cookies.get(OIDC_STATE_COOKIE)?.value);
  const locale = localeOf(attempt?.locale);
  if (attempt?.link) {
    try {
      const db = await services().db();
      if ((await signedInAccountId(db, req)) !== attempt.link) {
        throw new AppError('oidc_link_session', 'The account that started this link is no longer the one signed in here');
      }
      await linkIdentity(db, attempt.link, await completeAttempt(attempt, req.nextUrl.search));
      return toSettingsAfterLink(req, locale);
    } catch (error) {
      return toSettingsAfterLink(req, locale, error);
    }
  }
  try {
    if (!attempt) throw new AppError('oidc_failed', 'This sign-in was not started here, or took too long');
    const identity = await completeAttempt(attempt, req.nextUrl.search);
    const db = await services().db();
    const account = await accountForIdentity(db, identity, { invite: attempt.invite, setupToken: attempt.setupToken });
    const session = await startSession(db, account);
    const res = NextResponse.redirect(new URL(landingPath(attempt.from, locale), siteOrigin(req)), 303);
    setSessionCookies(res, req, session);
    clearAttemptCookie(res, req);
    return res;
  } catch (error) {
    return toLoginWithError(req, locale, error);
  }
});
