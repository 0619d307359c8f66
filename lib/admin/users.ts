import 'server-only';
import { z } from 'zod';
import { roleSchema, type Role } from '@/lib/auth/roles';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { giveUpOwnerDeliveries } from '@/lib/webhooks/delivery-store';

export const USERS_PAGE_SIZE = 20;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.email(),
  role: roleSchema,
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userPageSchema = z.object({
  users: z.array(adminUserSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type UserPage = z.infer<typeof userPageSchema>;

export const userSearchSchema = z.object({
  q: z.string().trim().max(254).optional().meta({ description: 'Part of an email address (case-insensitive)' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const userParamsSchema = z.object({ id: z.string().regex(/^usr_[A-Za-z0-9_-]{1,64}$/) });
export const roleChangeSchema = z.object({ role: roleSchema });

/** `%`, `_` and `\` typed into the search box are letters, not patterns. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchUsers(db: Db, q: string | undefined, page: number): Promise<UserPage> {
  const where = q ? "WHERE email LIKE ? ESCAPE '\\'" : '';
  const params = q ? [likePattern(q)] : [];
  const total = Number((await db.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM users ${where}`, params))?.n ?? 0);
  const rows = await db.query<{ id: string; email: string; role: Role; created_at: number | string }>(
    `SELECT id, email, role, created_at FROM users ${where} ORDER BY email LIMIT ? OFFSET ?`,
    [...params, USERS_PAGE_SIZE, (page - 1) * USERS_PAGE_SIZE],
  );
  return {
    users: rows.map((r) => ({ id: r.id, email: r.email, role: r.role, createdAt: new Date(Number(r.created_at)).toISOString() })),
    page,
    pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    total,
  };
}

async function accountOf(db: Db, id: string): Promise<{ id: string; email: string; role: Role }> {
  const row = await db.get<{ id: string; email: string; role: Role }>('SELECT id, email, role FROM users WHERE id = ?', [id]);
  if (!row) throw new AppError('not_found', 'No such user');
  return row;
}

/** An admin's own account is changed by another admin, so an instance never locks its last admin out by a slip. */
function notSelf(actorId: string, id: string): void {
  if (actorId === id) throw new AppError('conflict', 'You cannot change or delete your own account here');
}

/**
 * Gives the account a role. Roles are read from the store on every request, so `disabled` locks the user out of
 * every session and token at once, on every node; its follows are no longer checked and its webhooks no longer
 * called (both read the role when they run), and the deliveries it still had waiting are given up. Returns the
 * account as it was (for the audit log).
 */
export async function changeRole(db: Db, actorId: string, id: string, role: Role): Promise<{ email: string; from: Role }> {
  notSelf(actorId, id);
  const account = await accountOf(db, id);
  await db.run('UPDATE users SET role = ? WHERE id = ?', [role, id]);
  if (role === 'disabled') await giveUpOwnerDeliveries(db, id, 'account_disabled');
  return { email: account.email, from: account.role };
}

/** The tables of this store that have a `user_id` column, read from its catalogue (names checked before use). */
export async function userTables(db: Db): Promise<string[]> {
  const rows = db.kind === 'postgres'
    ? await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.columns WHERE column_name = 'user_id' AND table_schema = current_schema()",
    )
    : await db.query<{ name: string }>(
      "SELECT m.name AS name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND p.name = 'user_id'",
    );
  return [...new Set(rows.map((row) => row.name))].filter((name) => /^[a-z_][a-z0-9_]*$/.test(name)).sort();
}

/**
 * Deletes the account and every row that is its own, in one transaction: every table with a `user_id` column
 * (history, tokens, sessions, settings, notifications and whatever later tables add — most also go by their
 * ON DELETE CASCADE), its batches with their items, and its download jobs. Invites it made or used stay, without
 * it. Returns the address it had (for the audit log).
 */
export async function deleteUser(db: Db, actorId: string, id: string): Promise<{ email: string }> {
  notSelf(actorId, id);
  const account = await accountOf(db, id);
  const tables = await userTables(db);
  await db.transaction(async (tx) => {
    for (const table of tables) await tx.run(`DELETE FROM ${table} WHERE user_id = ?`, [id]);
    await tx.run('DELETE FROM jobs WHERE batch_id IN (SELECT id FROM batches WHERE owner = ?)', [id]);
    await tx.run('DELETE FROM batches WHERE owner = ?', [id]);
    await tx.run('DELETE FROM jobs WHERE owner = ?', [id]);
    await tx.run('DELETE FROM users WHERE id = ?', [id]);
  });
  return { email: account.email };
}
