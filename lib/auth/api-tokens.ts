import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import type { ApiTokenInfo, IssuedApiToken } from './credentials';
import type { Account } from './roles';
import { hashToken } from './token-hash';
import { parseScopes, type TokenScope } from './token-scopes';

export const API_TOKEN_PREFIX = 'gl_';
// 'gl_' and 6 characters: enough for a user to tell tokens apart on the settings page, useless to an attacker.
export const SHOWN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;
// 'gl_' + 32 base64url characters (24 random bytes = 192 bits).
const TOKEN_PATTERN = /^gl_[A-Za-z0-9_-]{32}$/;

export type { ApiTokenInfo, IssuedApiToken } from './credentials';

export function looksLikeApiToken(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}

/**
 * The settings page's token: a new one, shown once, with every scope; the user's previous settings-page token stops
 * working in the same transaction. Named tokens (named-tokens.ts) are left alone.
 */
export async function issueApiToken(db: Db, userId: string): Promise<IssuedApiToken> {
  const token = API_TOKEN_PREFIX + randomBytes(24).toString('base64url');
  const prefix = token.slice(0, SHOWN_PREFIX_LENGTH);
  const at = now();
  await db.transaction(async (tx) => {
    await tx.run("UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND kind = 'settings' AND revoked_at IS NULL", [at, userId]);
    await tx.run('INSERT INTO api_tokens (id, user_id, token_hash, prefix, created_at) VALUES (?, ?, ?, ?, ?)', [
      newId('tok'), userId, hashToken(token), prefix, at,
    ]);
  });
  return { token, prefix, createdAt: new Date(at).toISOString() };
}

/** A live token's account (role read now) and what the token may do. */
export interface TokenHolder extends Account {
  tokenId: string;
  scopes: TokenScope[];
  dailyLimit: number | null;
}

/** The account a live, unexpired API token belongs to, with the token's scopes and limit (and marks it used), or null. */
export async function userForApiToken(db: Db, token: string): Promise<TokenHolder | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db.get<Account & { token_id: string; scopes: string; daily_limit: number | null }>(
    `SELECT u.id, u.email, u.role, t.id AS token_id, t.scopes, t.daily_limit FROM api_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = ? AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > ?)`,
    [hashToken(token), now()],
  );
  if (!row) return null;
  // The time only, never the address it came from.
  await db.run('UPDATE api_tokens SET last_used_at = ? WHERE id = ?', [now(), row.token_id]);
  return {
    id: row.id, email: row.email, role: row.role, tokenId: row.token_id,
    scopes: parseScopes(row.scopes), dailyLimit: row.daily_limit === null ? null : Number(row.daily_limit),
  };
}

/** For the settings page: the active token's visible part and dates, or null when the user has none. */
export async function getApiTokenInfo(db: Db, userId: string): Promise<ApiTokenInfo | null> {
  const row = await db.get<{ prefix: string; created_at: number; last_used_at: number | null }>(
    "SELECT prefix, created_at, last_used_at FROM api_tokens WHERE user_id = ? AND kind = 'settings' AND revoked_at IS NULL ORDER BY created_at DESC",
    [userId],
  );
  if (!row) return null;
  return {
    prefix: row.prefix,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(Number(row.last_used_at)).toISOString(),
  };
}
