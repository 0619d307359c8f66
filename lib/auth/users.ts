import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import type { User } from './credentials';
import { hashPassword } from './password';

export type { User } from './credentials';

interface UserRow extends User {
  password_hash: string;
}

/**
 * Registers `email` (already normalised, credentials.ts) unless it is taken, and answers the same either way:
 * the caller must not learn whether an address has an account. The password is hashed in both cases, so the time
 * taken tells nothing either. Whoever already owns the address simply signs in as before.
 */
export async function registerUser(db: Db, email: string, password: string): Promise<{ email: string }> {
  const hash = await hashPassword(password);
  await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING', [
    newId('usr'), email, hash, now(),
  ]);
  return { email };
}

export async function findUserWithPassword(db: Db, email: string): Promise<UserRow | undefined> {
  return db.get<UserRow>('SELECT id, email, password_hash FROM users WHERE email = ?', [email]);
}

export async function findUser(db: Db, id: string): Promise<User | undefined> {
  return db.get<User>('SELECT id, email FROM users WHERE id = ?', [id]);
}
