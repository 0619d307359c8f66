import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { keepOf, type KeepPolicy } from './keep-policy';
import type { LibraryLayout } from './layout';
import { DEFAULT_LIBRARY_SETTINGS, layoutSchema, librarySettingsSchema, templateSchema, type LibrarySettings } from './schemas';

/** A user's library settings; one never saved, or no longer valid (an older release's template), reads as the default. */
export async function readLibrarySettings(db: Db, userId: string): Promise<LibrarySettings> {
  const row = await db.get<{ template: string; layout: string }>('SELECT template, layout FROM library_settings WHERE user_id = ?', [userId]);
  if (!row) return { ...DEFAULT_LIBRARY_SETTINGS };
  const parsed = librarySettingsSchema.safeParse(row);
  return parsed.success ? parsed.data : {
    template: templateSchema.catch(DEFAULT_LIBRARY_SETTINGS.template).parse(row.template),
    layout: layoutSchema.catch(DEFAULT_LIBRARY_SETTINGS.layout).parse(row.layout),
  };
}

/** Saves a validated change in one upsert; the settings after it. */
export async function updateLibrarySettings(db: Db, userId: string, patch: Partial<LibrarySettings>): Promise<LibrarySettings> {
  const next = { ...(await readLibrarySettings(db, userId)), ...patch };
  await db.run(
    `INSERT INTO library_settings (user_id, template, layout, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET template = excluded.template, layout = excluded.layout, updated_at = excluded.updated_at`,
    [userId, next.template, next.layout, now()],
  );
  return next;
}

/** What the library needs of a follow: whose it is, its name and ids, its own template, layout and keep policy. */
export interface FollowForLibrary {
  id: string;
  userId: string;
  name: string;
  platform: string;
  feedId: string | null;
  mode: string;
  template: string | null;
  layout: LibraryLayout | null;
  keep: KeepPolicy;
}

interface FollowLibraryRow {
  id: string;
  user_id: string;
  name: string;
  platform: string;
  feed_id: string | null;
  mode: string;
  library_template: string | null;
  library_layout: string | null;
  keep_kind: string | null;
  keep_value: number | null;
}

const followFromRow = (row: FollowLibraryRow): FollowForLibrary => ({
  id: row.id, userId: row.user_id, name: row.name, platform: row.platform, feedId: row.feed_id, mode: row.mode,
  template: templateSchema.safeParse(row.library_template).success ? row.library_template : null,
  layout: layoutSchema.safeParse(row.library_layout).success ? (row.library_layout as LibraryLayout) : null,
  keep: keepOf(row.keep_kind, row.keep_value === null ? null : Number(row.keep_value)),
});

const FOLLOW_COLUMNS = 'f.id, f.user_id, f.name, f.platform, f.feed_id, f.mode, f.library_template, f.library_layout, f.keep_kind, f.keep_value';

export async function followForLibrary(db: Db, followId: string): Promise<FollowForLibrary | undefined> {
  const row = await db.get<FollowLibraryRow>(`SELECT ${FOLLOW_COLUMNS} FROM follows f WHERE f.id = ?`, [followId]);
  return row && followFromRow(row);
}

/** A followed upload as its follow listed it: the platform's id, title and date from the creator's feed. */
export interface FollowedUpload {
  follow: FollowForLibrary;
  mediaId: string;
  title: string;
  publishedAt: number | null;
}

/** The user's followed upload a finished download of `url` was for (its follow, media id and date), if any. */
export async function followedUploadOf(db: Db, userId: string, url: string): Promise<FollowedUpload | undefined> {
  const row = await db.get<FollowLibraryRow & { media_id: string; title: string; published_at: number | null }>(
    `SELECT ${FOLLOW_COLUMNS}, u.media_id, u.title, u.published_at FROM follow_uploads u JOIN follows f ON f.id = u.follow_id
     WHERE f.user_id = ? AND u.url = ? ORDER BY u.seen_at DESC LIMIT 1`,
    [userId, url],
  );
  return row && { follow: followFromRow(row), mediaId: row.media_id, title: row.title, publishedAt: row.published_at === null ? null : Number(row.published_at) };
}

/** Every follow with a keep policy other than "all": the start-up pass prunes them. */
export async function followsWithKeepPolicy(db: Db): Promise<FollowForLibrary[]> {
  const rows = await db.query<FollowLibraryRow>(`SELECT ${FOLLOW_COLUMNS} FROM follows f WHERE f.keep_kind <> 'all'`);
  return rows.map(followFromRow);
}
