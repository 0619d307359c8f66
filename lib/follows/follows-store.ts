import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { AppError } from '@/lib/errors';
import { keepColumns, keepOf } from '@/lib/library/keep-policy';
import { DEFAULT_FOLLOW_LIBRARY, layoutSchema, templateSchema, type FollowLibrary } from '@/lib/library/schemas';
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
  library_template: string | null;
  library_layout: string | null;
  keep_kind: string | null;
  keep_value: number | null;
  last_check_at: number | null;
  last_check_error?: string | null;
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
  library?: FollowLibrary;
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

/** A stored template or layout no longer valid (an older release's) reads as the user's. */
export function libraryOf(row: FollowRow): FollowLibrary {
  const template = templateSchema.safeParse(row.library_template);
  const layout = layoutSchema.safeParse(row.library_layout);
  return {
    template: template.success ? template.data : null, layout: layout.success ? layout.data : null,
    keep: keepOf(row.keep_kind ?? null, row.keep_value === null || row.keep_value === undefined ? null : Number(row.keep_value)),
  };
}

const libraryColumns = (library: FollowLibrary) => [library.template, library.layout, ...keepColumns(library.keep)];

export function followOf(row: FollowRow): Follow {
  return {
    id: row.id, platform: row.platform, channelUrl: row.channel_url, name: row.name, mode: row.mode,
    filters: filtersOf(row), paused: Boolean(row.paused), library: libraryOf(row),
    lastCheckAt: iso(row.last_check_at), lastCheckError: row.last_check_error ?? null, nextCheckAt: iso(row.next_check_at)!, createdAt: iso(row.created_at)!,
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
         min_seconds, max_seconds, skip_shorts, skip_lives, skip_members, jitter_ms, next_check_at, created_at,
         library_template, library_layout, keep_kind, keep_value)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, userId, input.platform, input.channelUrl, input.feedId, input.name, input.mode, ...filterColumns(input.filters), jitter, at, at,
        ...libraryColumns(input.library ?? DEFAULT_FOLLOW_LIBRARY)],
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

/** Records why the follow's last check failed (an error code), or that it read the listing again (null). */
export async function setCheckError(db: Db, id: string, code: string | null): Promise<void> {
  await db.run('UPDATE follows SET last_check_error = ? WHERE id = ?', [code, id]);
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
  if (patch.library) {
    sets.push('library_template = ?', 'library_layout = ?', 'keep_kind = ?', 'keep_value = ?');
    params.push(...libraryColumns(patch.library));
  }
  if (sets.length > 0) await db.run(`UPDATE follows SET ${sets.join(', ')} WHERE id = ? AND user_id = ?`, [...params, id, userId]);
  const row = await ownFollowRow(db, userId, id);
  return row && followOf(row);
}

export async function deleteFollow(db: Db, userId: string, id: string): Promise<boolean> {
  return (await db.run('DELETE FROM follows WHERE id = ? AND user_id = ?', [id, userId])).changes > 0;
}
