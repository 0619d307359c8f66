import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { AppError } from '@/lib/errors';
import type { Follow, FollowFilters, FollowMode, FollowPatch } from './schemas';

export interface FollowRow {
  id: string;
  user_id: string;
  platform: string;
  channel_url: string;
  feed_id: string | null;
  name: string;
  mode: FollowMode;
  title_contains: string | null;
  title_excludes: string | null;
  min_seconds: number | null;
  max_seconds: number | null;
  skip_shorts: number;
  skip_lives: number;
  skip_members: number;
  paused: number;
  primed: number;
  jitter_ms: number;
  last_check_at: number | null;
  next_check_at: number;
  created_at: number;
}

export interface NewFollow {
  platform: string;
  channelUrl: string;
  /** The platform's own id for its feed (a YouTube channel id), when it publishes one. */
  feedId: string | null;
  name: string;
  mode: FollowMode;
  filters: FollowFilters;
}

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

export function filtersOf(row: FollowRow): FollowFilters {
  return {
    titleContains: row.title_contains, titleExcludes: row.title_excludes,
    minSeconds: row.min_seconds === null ? null : Number(row.min_seconds),
    maxSeconds: row.max_seconds === null ? null : Number(row.max_seconds),
    skipShorts: Boolean(row.skip_shorts), skipLives: Boolean(row.skip_lives), skipMembersOnly: Boolean(row.skip_members),
  };
}

export function followOf(row: FollowRow): Follow {
  return {
    id: row.id, platform: row.platform, channelUrl: row.channel_url, name: row.name, mode: row.mode,
    filters: filtersOf(row), paused: Boolean(row.paused),
    lastCheckAt: iso(row.last_check_at), nextCheckAt: iso(row.next_check_at)!, createdAt: iso(row.created_at)!,
  };
}

const filterColumns = (f: FollowFilters) => [
  f.titleContains || null, f.titleExcludes || null, f.minSeconds, f.maxSeconds, f.skipShorts, f.skipLives, f.skipMembersOnly,
];

/** Whether the user already follows this link: following it again gives back that follow. */
export async function followOfLink(db: Db, userId: string, channelUrl: string): Promise<Follow | undefined> {
  const existing = await db.get<FollowRow>('SELECT * FROM follows WHERE user_id = ? AND channel_url = ?', [userId, channelUrl]);
  return existing && followOf(existing);
}

/**
 * A new follow, due at once (its first check only records what exists), with its own offset inside the check
 * period. Following the same link twice gives back the existing follow. An account follows at most `limit`
 * creators (`follow_limit`): counted and inserted in one transaction, with the account's row locked on PostgreSQL
 * so two follows made at once cannot both take the last place (SQLite runs one writer at a time).
 */
export async function createFollow(db: Db, userId: string, input: NewFollow, at: number, periodMs: number, limit = Infinity): Promise<Follow> {
  const existing = await followOfLink(db, userId, input.channelUrl);
  if (existing) return existing;
  const id = newId('fol');
  const jitter = Math.floor(Math.random() * periodMs);
  await db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
    const count = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM follows WHERE user_id = ?', [userId]);
    if (Number(count?.n ?? 0) >= limit) throw new AppError('follow_limit', `At most ${limit} follows per account`, { limit });
    await tx.run(
      `INSERT INTO follows (id, user_id, platform, channel_url, feed_id, name, mode, title_contains, title_excludes,
         min_seconds, max_seconds, skip_shorts, skip_lives, skip_members, jitter_ms, next_check_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, userId, input.platform, input.channelUrl, input.feedId, input.name, input.mode, ...filterColumns(input.filters), jitter, at, at],
    );
  });
  return followOf((await db.get<FollowRow>('SELECT * FROM follows WHERE id = ?', [id]))!);
}

export async function listFollows(db: Db, userId: string): Promise<Follow[]> {
  const rows = await db.query<FollowRow>('SELECT * FROM follows WHERE user_id = ? ORDER BY created_at DESC, id', [userId]);
  return rows.map(followOf);
}

export async function followRow(db: Db, id: string): Promise<FollowRow | undefined> {
  return db.get<FollowRow>('SELECT * FROM follows WHERE id = ?', [id]);
}

/** Whether the follow's owner may still have work done for them: an account that exists and is not disabled. */
export async function ownerActive(db: Db, userId: string): Promise<boolean> {
  const owner = await db.get<{ role: string }>('SELECT role FROM users WHERE id = ?', [userId]);
  return owner !== undefined && owner.role !== 'disabled';
}

/** The user's own follow, or undefined (someone else's is as unknown as a missing one). */
export async function ownFollowRow(db: Db, userId: string, id: string): Promise<FollowRow | undefined> {
  return db.get<FollowRow>('SELECT * FROM follows WHERE id = ? AND user_id = ?', [id, userId]);
}

export async function updateFollow(db: Db, userId: string, id: string, patch: FollowPatch): Promise<Follow | undefined> {
  const sets: string[] = [];
  const params: (string | number | boolean | null)[] = [];
  if (patch.mode) {
    sets.push('mode = ?');
    params.push(patch.mode);
  }
  if (patch.paused !== undefined) {
    sets.push('paused = ?');
    params.push(patch.paused);
  }
  if (patch.filters) {
    sets.push('title_contains = ?', 'title_excludes = ?', 'min_seconds = ?', 'max_seconds = ?', 'skip_shorts = ?', 'skip_lives = ?', 'skip_members = ?');
    params.push(...filterColumns(patch.filters));
  }
  if (sets.length > 0) await db.run(`UPDATE follows SET ${sets.join(', ')} WHERE id = ? AND user_id = ?`, [...params, id, userId]);
  const row = await ownFollowRow(db, userId, id);
  return row && followOf(row);
}

export async function deleteFollow(db: Db, userId: string, id: string): Promise<boolean> {
  return (await db.run('DELETE FROM follows WHERE id = ? AND user_id = ?', [id, userId])).changes > 0;
}
