import 'server-only';
import { cookies, headers } from 'next/headers';
import { verifyAccessToken } from '@/lib/auth/access-token';
import { ACCESS_COOKIE } from '@/lib/auth/cookies';
import { forwardAuthAccount, proxiedEmail } from '@/lib/auth/forward-auth';
import { activeAccount, type Account } from '@/lib/auth/roles';
import { getDb } from '@/lib/db';

/**
 * For the console's page: the visiting admin's account (role read from the store now), or null for anyone else —
 * who then gets the same 404 page as any unknown address.
 */
export async function visitingAdmin(): Promise<Account | null> {
  try {
    const [jar, sent] = await Promise.all([cookies(), headers()]);
    const db = await getDb();
    const proxied = proxiedEmail(sent);
    let account: Account | null = null;
    if (proxied) account = await forwardAuthAccount(db, proxied);
    else {
      const access = jar.get(ACCESS_COOKIE)?.value;
      const claims = access ? await verifyAccessToken(access) : null;
      account = claims ? await activeAccount(db, claims.id) : null;
    }
    return account?.role === 'admin' ? account : null;
  } catch {
    return null;
  }
}
