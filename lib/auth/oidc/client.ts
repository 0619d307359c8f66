import 'server-only';
import * as oidc from 'openid-client';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
let cached: { key: string; at: number; value: Promise<oidc.Configuration> } | undefined;

/**
 * The provider's configuration, discovered from OIDC_ISSUER and kept for an hour. Discovery, the token call and
 * userinfo use openid-client's own fetch, not the media engine's guarded fetch: the issuer is named by the
 * operator, never by a visitor, and commonly lives on the operator's private network (Authelia, Authentik,
 * Keycloak on the LAN), which the guarded fetch exists to refuse. The custom fetch only adds a deadline.
 * An http:// issuer is the operator's explicit choice, and then allowed.
 */
export function oidcConfiguration(): Promise<oidc.Configuration> {
  const settings = config().oidc;
  if (!settings) throw new AppError('not_found', 'Not found');
  const key = [settings.issuer, settings.clientId, settings.clientSecret ?? ''].join('\u0000');
  if (cached?.key === key && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.value;
  const timeout = config().env.OIDC_TIMEOUT_MS;
  const issuer = new URL(settings.issuer);
  const value = oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    settings.clientSecret ? undefined : oidc.None(),
    {
      // The body types of openid-client and of Node's fetch differ only in how they spell a byte array.
      [oidc.customFetch]: (url, options) => fetch(url, { ...options, signal: AbortSignal.timeout(timeout) } as RequestInit),
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    },
  );
  const entry = { key, at: Date.now(), value };
  cached = entry;
  // A provider that was down must not stay "down" for an hour: the next sign-in tries discovery again.
  value.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return value;
}
