import { NextResponse } from 'next/server';
import { beginAttempt } from '@/lib/auth/oidc/flow';
import { landingPath, localeOf, oidcStartQuery, redirectUriFor, setAttemptCookie, toLoginWithError } from '@/lib/auth/oidc/redirects';
import { sealAttempt } from '@/lib/auth/oidc/state';
import { route } from '@/lib/server';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/auth/oidc/start?from=&locale=&invite=&setup= → 303 to the identity provider (code flow with PKCE, state
 * and nonce), the attempt sealed in a short-lived cookie. 404 when no provider is configured.
 */
export const GET = route({ auth: 'none', query: oidcStartQuery }, async ({ req, query }) => {
  if (!config().oidc) throw new AppError('not_found', 'Not found');
  const locale = localeOf(query.locale);
  try {
    const { url, attempt } = await beginAttempt(redirectUriFor(req), {
      from: landingPath(query.from, locale),
      locale,
      invite: query.invite,
      setupToken: query.setup,
    });
    const res = NextResponse.redirect(url, 303);
    setAttemptCookie(res, req, await sealAttempt(attempt));
    return res;
  } catch (error) {
    return toLoginWithError(req, locale, error);
  }
});
