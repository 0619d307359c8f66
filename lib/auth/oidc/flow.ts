import 'server-only';
import * as oidc from 'openid-client';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { oidcConfiguration } from './client';
import type { OidcAttempt } from './state';

/** What the provider says about the person who signed in, as far as accounts here care. */
export interface OidcIdentity {
  issuer: string;
  sub: string;
  email?: string;
  emailVerified: boolean;
  groups: string[];
}

/**
 * Step one: the provider's authorization URL (code flow, PKCE S256, fresh state and nonce) and the attempt the
 * browser must bring back, sealed in a cookie.
 */
export async function beginAttempt(redirectUri: string, extras: Omit<OidcAttempt, 'state' | 'nonce' | 'verifier' | 'redirectUri'>) {
  const configuration = await reach(oidcConfiguration);
  const verifier = oidc.randomPKCECodeVerifier();
  const attempt: OidcAttempt = { ...extras, state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, redirectUri };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: config().env.OIDC_SCOPES,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
  });
  return { url, attempt };
}

/**
 * Step two: the provider sent the browser back with `search` (code, state, iss). openid-client checks the state,
 * exchanges the code with the PKCE verifier, and checks the ID token (signature, issuer, audience, nonce); the
 * userinfo endpoint, when there is one, adds the claims the ID token left out. Any failure — a wrong state, a code
 * already used, a provider that says no — is `oidc_failed`.
 */
export async function completeAttempt(attempt: OidcAttempt, search: string): Promise<OidcIdentity> {
  const configuration = await reach(oidcConfiguration);
  const callbackUrl = new URL(attempt.redirectUri);
  callbackUrl.search = search;
  const tokens = await reach(() =>
    oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    }),
  );
  const idClaims = tokens.claims();
  if (!idClaims) throw new AppError('oidc_failed', 'The identity provider sent no ID token');
  let claims: Record<string, unknown> = idClaims;
  if (configuration.serverMetadata().userinfo_endpoint) {
    const info = await reach(() => oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub));
    claims = { ...idClaims, ...info };
  }
  return {
    issuer: configuration.serverMetadata().issuer,
    sub: idClaims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    // Some providers send the flag as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    groups: Array.isArray(claims.groups) ? claims.groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The provider's own words go to the log, not to the visitor.
    console.error('[oidc]', error instanceof Error ? `${error.name}: ${error.message}` : error);
    throw new AppError('oidc_failed', 'Signing in through the identity provider did not complete');
  }
}
