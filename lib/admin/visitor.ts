import 'server-only';
import { visitorAccount } from '@/lib/auth/page-role';
import type { Account } from '@/lib/auth/roles';
import type { Db } from '@/lib/db';

/**
 * For the console's page: the visiting admin's account (role read from the store now), or null for anyone else —
 * who then gets the same 404 page as any unknown address.
 */
export async function visitingAdmin(db: () => Promise<Db>): Promise<Account | null> {
  const account = await visitorAccount(db);
  return account?.role === 'admin' ? account : null;
}
