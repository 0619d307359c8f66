import 'server-only';
import { cookies, headers } from 'next/headers';
import { getDb } from '@/lib/db';
import { verifyAccessToken } from './access-token';
import { ACCESS_COOKIE } from './cookies';
import { forwardAuthAccount, proxiedEmail } from './forward-auth';
import { activeAccount } from './roles';

/**
 * For a page deciding what to draw: whether the visitor is a signed-in admin (role read from the store now). Admin
 * parts are left out of everyone else's page entirely, so nothing in it hints that they exist.
 */
export async function visitorIsAdmin(): Promise<boolean> {
  try {
    const [jar, sent] = await Promise.all([cookies(), headers()]);
    const db = await getDb();
    const proxied = proxiedEmail(sent);
    if (proxied) return (await forwardAuthAccount(db, proxied)).role === 'admin';
    const access = jar.get(ACCESS_COOKIE)?.value;
    const claims = access ? await verifyAccessToken(access) : null;
    return claims ? (await activeAccount(db, claims.id)).role === 'admin' : false;
  } catch {
    return false;
  }
}
