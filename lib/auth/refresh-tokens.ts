import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import { hashToken } from './token-hash';
import type { User } from './users';

export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/**
 * A page load fires several requests at once (the document and the sidebar's prefetches), all carrying the same
 * expired access cookie and the same refresh cookie. Only the first may rotate; the others arrive moments later
 * with a token just replaced. Within this window the page guard treats that as the race it is, not as theft.
 */
export const RACE_GRACE_MS = 10_000;

export type Rotation =
  | { kind: 'rotated'; user: User; refreshToken: string }
  | { kind: 'raced'; user: User }
  | { kind: 'invalid' };

interface TokenRow {
  id: string;
  user_id: string;
  email: string;
  family_id: string;
  expires_at: number;
  revoked_at: number | null;
  replaced_at: number | null;
  role: string;
}

/** A new opaque token; its family is new unless it continues one (rotation). */
export async function issueRefreshToken(db: Db, userId: string, familyId = newId('fam')): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now();
  await db.run(
    `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
    [newId('rt'), userId, familyId, hashToken(token), at + REFRESH_TOKEN_SECONDS * 1000, at],
  );
  return token;
}

/**
 * Replaces a refresh token with a new one of the same family. Presenting a token that was already replaced
 * means two parties hold the family, so the whole family is revoked (unless `allowRace` and the replacement is
 * seconds old: then the caller gets the user but no new token).
 */
export async function rotateRefreshToken(db: Db, token: string, options: { allowRace?: boolean } = {}): Promise<Rotation> {
  const at = now();
  const outcome = await db.transaction(async (tx): Promise<Rotation | { kind: 'reused'; familyId: string }> => {
    const row = await findToken(tx, token);
    // A disabled account's sessions end now, not when their tokens lapse.
    if (!row || row.revoked_at !== null || row.expires_at <= at || row.role === 'disabled') return { kind: 'invalid' };
    const user = { id: row.user_id, email: row.email };
    if (row.replaced_at !== null) {
      if (options.allowRace && at - row.replaced_at < RACE_GRACE_MS) return { kind: 'raced', user };
      return { kind: 'reused', familyId: row.family_id };
    }
    const nextId = newId('rt');
    // Conditional, so two concurrent rotations of one token cannot both win (PostgreSQL re-checks the WHERE).
    const { changes } = await tx.run('UPDATE refresh_tokens SET replaced_by = ? WHERE id = ? AND replaced_by IS NULL', [nextId, row.id]);
    if (changes === 0) return options.allowRace ? { kind: 'raced', user } : { kind: 'reused', familyId: row.family_id };
    const refreshToken = randomBytes(32).toString('base64url');
    await tx.run(
      `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [nextId, row.user_id, row.family_id, hashToken(refreshToken), at + REFRESH_TOKEN_SECONDS * 1000, at],
    );
    return { kind: 'rotated', user, refreshToken };
  });
  if (outcome.kind !== 'reused') return outcome;
  // Outside the transaction above: it only read, and the revocation must stand even though the caller fails.
  await revokeFamily(db, outcome.familyId);
  return { kind: 'invalid' };
}

/**
 * The account a refresh token still opens, read without rotating it (so the browser's cookie stays the newest of its
 * family): null when it is unknown, revoked, expired, replaced more than a moment ago, or its account disabled.
 */
export async function refreshTokenHolder(db: Db, token: string): Promise<string | null> {
  const row = await findToken(db, token);
  const at = now();
  if (!row || row.revoked_at !== null || row.expires_at <= at || row.role === 'disabled') return null;
  if (row.replaced_at !== null && at - row.replaced_at >= RACE_GRACE_MS) return null;
  return row.user_id;
}

/** Sign-out: the token's whole family stops working. Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
  const row = await db.get<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = ?', [hashToken(token)]);
  if (row) await revokeFamily(db, row.family_id);
}

export async function purgeExpiredRefreshTokens(db: Db): Promise<void> {
  await db.run('DELETE FROM refresh_tokens WHERE expires_at < ?', [now()]);
}

async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.run('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [now(), familyId]);
}

function findToken(db: Db, token: string): Promise<TokenRow | undefined> {
  // The replacement's created_at is when this token was replaced; the schema keeps no separate column for it.
  return db.get<TokenRow>(
    `SELECT t.id, t.user_id, u.email, u.role, t.family_id, t.expires_at, t.revoked_at, n.created_at AS replaced_at
       FROM refresh_tokens t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN refresh_tokens n ON n.id = t.replaced_by
      WHERE t.token_hash = ?`,
    [hashToken(token)],
  );
}
