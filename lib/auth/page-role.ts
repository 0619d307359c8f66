import 'server-only';
import { cookies, headers } from 'next/headers';
import type { Db } from '@/lib/db';
import { verifyAccessToken } from './access-token';
import { ACCESS_COOKIE } from './cookies';
import { forwardAuthAccount, proxiedEmail } from './forward-auth';
import { activeAccount, type Account } from './roles';

/**
 * For a page deciding what to draw: the signed-in visitor's account (role read from the store now), or null for
 * anyone else — no session, a lapsed or bad one, a disabled account. `db` is asked after the request's cookies, so a
 * render without a request (a static one) never opens the store.
 */
export async function visitorAccount(db: () => Promise<Db>): Promise<Account | null> {
  try {
    const [jar, sent] = await Promise.all([cookies(), headers()]);
    const store = await db();
    const proxied = proxiedEmail(sent);
    if (proxied) return await forwardAuthAccount(store, proxied);
    const access = jar.get(ACCESS_COOKIE)?.value;
    const claims = access ? await verifyAccessToken(access) : null;
    return claims ? await activeAccount(store, claims.id) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the visitor is a signed-in admin. Admin parts are left out of everyone else's page entirely, so nothing in
 * it hints that they exist.
 */
export async function visitorIsAdmin(db: () => Promise<Db>): Promise<boolean> {
  return (await visitorAccount(db))?.role === 'admin';
}
