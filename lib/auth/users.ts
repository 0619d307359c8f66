import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import { AppError, isAppError } from '@/lib/errors';
import type { User } from './credentials';
import { hashPassword } from './password';

export type { User } from './credentials';

interface UserRow extends User {
  password_hash: string;
}

/** `email` must already be normalised (credentials.ts). */
export async function createUser(db: Db, email: string, password: string): Promise<User> {
  const user = { id: newId('usr'), email };
  try {
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [
      user.id, email, await hashPassword(password), now(),
    ]);
  } catch (error) {
    if (isAppError(error) && error.code === 'conflict') {
      throw new AppError('conflict', 'An account with this email already exists');
    }
    throw error;
  }
  return user;
}

export async function findUserWithPassword(db: Db, email: string): Promise<UserRow | undefined> {
  return db.get<UserRow>('SELECT id, email, password_hash FROM users WHERE email = ?', [email]);
}

export async function findUser(db: Db, id: string): Promise<User | undefined> {
  return db.get<User>('SELECT id, email FROM users WHERE id = ?', [id]);
}
