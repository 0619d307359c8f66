import 'server-only';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import { hashToken } from './token-hash';

const TOKEN_PATTERN = /^inv_[A-Za-z0-9_-]{32}$/;
const HOUR = 60 * 60 * 1000;

/** POST /api/admin/invites body. */
export const createInviteSchema = z.object({
  expiresInHours: z.number().int().min(1).max(30 * 24).default(72).meta({ description: 'Hours until the invite lapses (1 to 720).' }),
});

/** One invite as the admin sees it later: never the token, which was shown once. */
export const inviteSchema = z.object({
  id: z.string(),
  createdAt: z.string().meta({ format: 'date-time' }),
  expiresAt: z.string().meta({ format: 'date-time' }),
  usedAt: z.string().meta({ format: 'date-time' }).nullable(),
  usedBy: z.email().nullable(),
  createdBy: z.email().nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** POST /api/admin/invites → data: the invite and its token, shown this once. */
export const issuedInviteSchema = z.object({ id: z.string(), token: z.string(), expiresAt: z.string().meta({ format: 'date-time' }) });
export type IssuedInvite = z.infer<typeof issuedInviteSchema>;

export const inviteParamsSchema = z.object({ id: z.string().regex(/^inv_[A-Za-z0-9_-]{1,64}$/) });

export async function createInvite(db: Db, createdBy: string, expiresInHours: number): Promise<IssuedInvite> {
  const token = `inv_${randomBytes(24).toString('base64url')}`;
  const at = now();
  const id = newId('inv');
  const expiresAt = at + expiresInHours * HOUR;
  await db.run('INSERT INTO invites (id, token_hash, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', [
    id, hashToken(token), createdBy, at, expiresAt,
  ]);
  return { id, token, expiresAt: new Date(expiresAt).toISOString() };
}

interface InviteRow {
  id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_by: string | null;
  created_by: string | null;
}

export async function listInvites(db: Db): Promise<Invite[]> {
  const rows = await db.query<InviteRow>(
    `SELECT i.id, i.created_at, i.expires_at, i.used_at, u.email AS used_by, c.email AS created_by
       FROM invites i LEFT JOIN users u ON u.id = i.used_by LEFT JOIN users c ON c.id = i.created_by
      ORDER BY i.created_at DESC`,
  );
  const iso = (ms: number) => new Date(Number(ms)).toISOString();
  return rows.map((r) => ({
    id: r.id,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    usedAt: r.used_at === null ? null : iso(r.used_at),
    usedBy: r.used_by,
    createdBy: r.created_by,
  }));
}

/** Withdraws an invite (used ones too, from the list). False when there was none. */
export async function deleteInvite(db: Db, id: string): Promise<boolean> {
  return (await db.run('DELETE FROM invites WHERE id = ?', [id])).changes > 0;
}

/** Whether `token` is an invite that is neither used nor lapsed — checked before any work, and again when spent. */
export async function inviteUsable(db: Db, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  return Boolean(await db.get('SELECT id FROM invites WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?', [hashToken(token), now()]));
}

/** Spends the invite for `userId`; one conditional UPDATE, so of two uses at once only one can win. */
export async function spendInvite(tx: Db, token: string, userId: string): Promise<boolean> {
  const { changes } = await tx.run('UPDATE invites SET used_at = ?, used_by = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?', [
    now(), userId, hashToken(token), now(),
  ]);
  return changes === 1;
}
