import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';

export const PASSWORD = 'correct horse battery';

/**
 * Registers an account and returns its id and a session cookie. With `admin` it is made admin in the store, as
 * another admin would make it: a password registration never makes one, whatever ADMIN_EMAILS lists.
 */
export async function account(email: string, admin = false): Promise<{ id: string; cookie: string }> {
  await callRoute(register, '/api/auth/register', { body: { email, password: PASSWORD } });
  const db = await getDb();
  if (admin) await db.run("UPDATE users SET role = 'admin' WHERE email = ?", [email]);
  const signedIn = await callRoute(login, '/api/auth/login', { body: { email, password: PASSWORD } });
  const row = await db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]);
  return { id: row!.id, cookie: `gl_access=${signedIn.json.data.accessToken}` };
}

/** A state-changing call from our own pages (the csrf rule wants our origin with a session cookie). */
export const sameOrigin = (cookie: string) => ({ cookie, origin: 'http://localhost' });
