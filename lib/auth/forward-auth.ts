import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { fromTrustedProxy } from '@/lib/http/client-address';
import { emailSchema } from './credentials';
import { promoteIfListed, refuseDisabled, type Account } from './roles';
import { createAccount, findAccountByEmail, NO_PASSWORD } from './users';

/** The header in which the authenticating proxy proves, on every request, that it passed the request on. */
export const AUTH_PROXY_SECRET_HEADER = 'x-auth-proxy-secret';

/**
 * The email an authenticating reverse proxy (Authelia, Authentik, oauth2-proxy) vouches for in AUTH_PROXY_HEADER, or
 * null. A header is proof only when the request provably came through the operator's proxy: its TCP peer is a
 * trusted proxy (TRUST_PROXY=1 and TRUST_PROXY_FROM) AND it carries the proxy's shared secret (AUTH_PROXY_SECRET in
 * X-Auth-Proxy-Secret, compared in constant time). Anything else — a direct client, whatever headers it forged, or
 * any request while TRUST_PROXY is off — is answered as if the header were absent. The proxy must set (overwrite)
 * both headers on every request it passes on.
 */
export function proxiedEmail(headers: Headers): string | null {
  const { AUTH_PROXY_HEADER: name, AUTH_PROXY_SECRET: secret } = config().env;
  if (!name || !secret || !fromTrustedProxy(headers)) return null;
  if (!sameSecret(headers.get(AUTH_PROXY_SECRET_HEADER), secret)) return null;
  const parsed = emailSchema.safeParse(headers.get(name)?.slice(0, 320) ?? undefined);
  return parsed.success ? parsed.data : null;
}

function sameSecret(given: string | null, secret: string): boolean {
  if (given === null) return false;
  // Hashed first: equal lengths for timingSafeEqual, and no early exit that tells a guess's length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * The account the proxy names: found by email, or created on first sight as REGISTRATION allows (a proxy cannot
 * carry an invite, so with `invite` or `closed` only existing accounts get in). Disabled accounts are refused.
 */
export async function forwardAuthAccount(db: Db, email: string): Promise<Account> {
  const account = (await findAccountByEmail(db, email))
    ?? (await createAccount(db, { email, passwordHash: NO_PASSWORD }))
    ?? (await findAccountByEmail(db, email));
  if (!account) throw new Error('forward-auth account vanished while being created');
  return promoteIfListed(db, refuseDisabled(account), { provenEmail: email }); // the proxy vouches for the address
}
