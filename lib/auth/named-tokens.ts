import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { API_TOKEN_PREFIX, SHOWN_PREFIX_LENGTH } from './api-tokens';
import { hashToken } from './token-hash';
import { parseScopes, type CreateToken, type NamedToken } from './token-scopes';

const DAY = 24 * 60 * 60 * 1000;
/** Live named tokens one account may hold. */
export const MAX_NAMED_TOKENS = 20;

interface Row {
  id: string;
  name: string;
  prefix: string;
  scopes: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  daily_limit: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const toToken = (row: Row): NamedToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: parseScopes(row.scopes),
  createdAt: iso(row.created_at)!,
  expiresAt: iso(row.expires_at),
  lastUsedAt: iso(row.last_used_at),
  dailyLimit: row.daily_limit === null ? null : Number(row.daily_limit),
});

/** A new named token beside the others; the token itself is in the answer only. */
export async function createNamedToken(db: Db, userId: string, spec: CreateToken): Promise<NamedToken & { token: string }> {
  const live = await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)',
    [userId, now()],
  );
  if (Number(live?.n ?? 0) >= MAX_NAMED_TOKENS) throw new AppError('conflict', `You already have ${MAX_NAMED_TOKENS} tokens. Revoke one first.`);
  const token = API_TOKEN_PREFIX + randomBytes(24).toString('base64url');
  const at = now();
  const row: Row = {
    id: newId('tok'),
    name: spec.name,
    prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
    scopes: spec.scopes.join(' '),
    created_at: at,
    expires_at: spec.expiresInDays ? at + spec.expiresInDays * DAY : null,
    last_used_at: null,
    daily_limit: spec.dailyLimit ?? null,
  };
  await db.run(
    `INSERT INTO api_tokens (id, user_id, token_hash, prefix, created_at, kind, name, scopes, expires_at, daily_limit)
     VALUES (?, ?, ?, ?, ?, 'named', ?, ?, ?, ?)`,
    [row.id, userId, hashToken(token), row.prefix, at, row.name, row.scopes, row.expires_at, row.daily_limit],
  );
  return { ...toToken(row), token };
}

/** The account's live tokens (the settings page's one too), newest first. */
export async function listNamedTokens(db: Db, userId: string): Promise<NamedToken[]> {
  const rows = await db.query<Row>(
    `SELECT id, name, prefix, scopes, created_at, expires_at, last_used_at, daily_limit FROM api_tokens
      WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?) ORDER BY created_at DESC`,
    [userId, now()],
  );
  return rows.map(toToken);
}

/** Revokes one of the account's tokens; false when it has no such live token. */
export async function revokeNamedToken(db: Db, userId: string, id: string): Promise<boolean> {
  const { changes } = await db.run('UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL', [now(), id, userId]);
  return changes > 0;
}
