import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { emailSchema } from './credentials';
import { promoteIfListed, refuseDisabled, type Account } from './roles';
import { createAccount, findAccountByEmail, NO_PASSWORD } from './users';

/**
 * The email an authenticating reverse proxy (Authelia, Authentik, oauth2-proxy) vouches for in AUTH_PROXY_HEADER, or
 * null. Believed only under the client-address rule's trust: TRUST_PROXY on, and the request carrying at least
 * TRUST_PROXY_HOPS X-Forwarded-For entries, i.e. it passed through the proxies that append them. A request that
 * did not — any direct client, or any request while TRUST_PROXY is off — is answered as if the header were absent,
 * whatever it says. The proxy must set (overwrite) the header on every request it passes on.
 */
export function proxiedEmail(headers: Headers): string | null {
  const name = config().env.AUTH_PROXY_HEADER;
  const hops = config().trustedProxyHops;
  if (!name || hops === 0) return null;
  const forwardedBy = (headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  if (forwardedBy.length < hops) return null;
  const parsed = emailSchema.safeParse(headers.get(name) ?? undefined);
  return parsed.success ? parsed.data : null;
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
  return promoteIfListed(db, refuseDisabled(account));
}
