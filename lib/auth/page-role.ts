import 'server-only';
import { cookies, headers } from 'next/headers';
import { getDb } from '@/lib/db';
import { verifyAccessToken } from './access-token';
import { ACCESS_COOKIE } from './cookies';
import { forwardAuthAccount, proxiedEmail } from './forward-auth';
import { activeAccount, type Account } from './roles';

/**
 * For a page deciding what to draw: the signed-in visitor's account (role read from the store now), or null for
 * anyone else — no session, a lapsed or bad one, a disabled account.
 */
export async function visitorAccount(): Promise<Account | null> {
  try {
    const [jar, sent] = await Promise.all([cookies(), headers()]);
    const db = await getDb();
    const proxied = proxiedEmail(sent);
    if (proxied) return await forwardAuthAccount(db, proxied);
    const access = jar.get(ACCESS_COOKIE)?.value;
    const claims = access ? await verifyAccessToken(access) : null;
    return claims ? await activeAccount(db, claims.id) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the visitor is a signed-in admin. Admin parts are left out of everyone else's page entirely, so nothing in
 * it hints that they exist.
 */
export async function visitorIsAdmin(): Promise<boolean> {
  return (await visitorAccount())?.role === 'admin';
}
