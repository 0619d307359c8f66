import 'server-only';
import { z } from 'zod';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { User } from './credentials';

export const roleSchema = z.enum(['admin', 'member', 'disabled']);
export type Role = z.infer<typeof roleSchema>;

export interface Account extends User {
  role: Role;
}

/** Whether ADMIN_EMAILS names this (normalised) address. */
export const listedAdmin = (email: string): boolean => config().env.ADMIN_EMAILS.includes(email);

/**
 * The account behind a credential, read from the store on every authenticated request (no cache), so a disabled or
 * deleted account stops working at once on every node, whatever its tokens still say. Deleted → 401, disabled → 403.
 */
export async function activeAccount(db: Db, userId: string): Promise<Account> {
  const row = await db.get<Account>('SELECT id, email, role FROM users WHERE id = ?', [userId]);
  if (!row) throw new AppError('unauthorized', 'Sign in to continue');
  return refuseDisabled(row);
}

export function refuseDisabled<T extends { role: Role }>(account: T): T {
  if (account.role === 'disabled') throw new AppError('account_disabled', 'This account has been disabled by an administrator');
  return account;
}

/**
 * What vouches, at one sign-in, for an account's claim to admin rights. A password proves who holds it, never the
 * address: anyone may register any address, so no password sign-in or registration carries a proof.
 */
export interface AdminProof {
  /** The identity provider puts the person in OIDC_ADMIN_GROUP. */
  group?: boolean;
  /**
   * The (normalised) address someone else vouched for: the identity provider's claim with `email_verified: true`,
   * or the forward-auth proxy's header. Null or absent when nobody did.
   */
  provenEmail?: string | null;
}

/**
 * A member becomes admin when the identity provider puts them in OIDC_ADMIN_GROUP, or when ADMIN_EMAILS lists the
 * account's address and that very address was proven at this sign-in. Nobody is demoted here and a disabled account
 * stays disabled: an admin's decision outranks a list.
 */
export async function promoteIfListed(db: Db, account: Account, proof: AdminProof): Promise<Account> {
  const listed = proof.provenEmail === account.email && listedAdmin(account.email);
  if (account.role !== 'member' || !(proof.group || listed)) return account;
  await db.run("UPDATE users SET role = 'admin' WHERE id = ? AND role = 'member'", [account.id]);
  return { ...account, role: 'admin' };
}

export async function hasAdmin(db: Db): Promise<boolean> {
  return Boolean(await db.get("SELECT id FROM users WHERE role = 'admin' LIMIT 1"));
}
