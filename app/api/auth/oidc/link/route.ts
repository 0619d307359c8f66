import { hasLinkedIdentity } from '@/lib/auth/oidc/accounts';
import { beginAttempt } from '@/lib/auth/oidc/flow';
import { localeOf, oidcLinkBody, redirectUriFor, setAttemptCookie } from '@/lib/auth/oidc/redirects';
import { sealAttempt } from '@/lib/auth/oidc/state';
import { config } from '@/lib/config';
import { route, services } from '@/lib/server';
import { AppError } from '@/lib/errors';
import { ok } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/auth/oidc/link {locale?} → {url}: the signed-in owner of an account (a session from this site's own
 * pages, never an API token) starts linking an identity at the provider to it. The attempt, sealed in the same
 * short-lived cookie as a sign-in's, names this account; the page then sends the browser to `url`, and the callback
 * links the identity only if this account is still the one signed in. 409 oidc_already_linked when the account has an
 * identity already; 404 when no provider is configured.
 */
export const POST = route({ auth: 'user', body: oidcLinkBody }, async ({ req, user, body }) => {
  if (!config().oidc) throw new AppError('not_found', 'Not found');
  if (await hasLinkedIdentity(await services().db(), user.id)) {
    throw new AppError('oidc_already_linked', 'This account is already linked to another sign-in at the identity provider');
  }
  const { url, attempt } = await beginAttempt(redirectUriFor(req), { locale: localeOf(body.locale), link: user.id });
  const res = ok({ url: url.toString() });
  setAttemptCookie(res, req, await sealAttempt(attempt));
  return res;
});
