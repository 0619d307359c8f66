import 'server-only';
import path from 'node:path';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { libraryRoot } from './root';

/**
 * The library's rows: one per media file written below LIBRARY_DIR. Paths are stored relative to LIBRARY_DIR
 * (with "/"), so the folder may move; readers get them absolute. The podcast feeds list a follow's entries here.
 */

export interface LibraryEntry {
  id: string;
  userId: string;
  /** null: a download the user chose to save, or a follow since removed. */
  followId: string | null;
  mediaId: string;
  platform: string;
  /** Absolute path of the media file. */
  path: string;
  /** Path relative to LIBRARY_DIR, "/" between folders. */
  relPath: string;
  size: number;
  mime: string;
  title: string;
  description: string;
  /** When the source published it (ms), when known. */
  publishedAt: number | null;
  durationSeconds: number | null;
  /** Absolute path of its thumbnail (JPEG), when one was saved. */
  thumbnailPath: string | null;
  /** media-server layout: the season (upload year) and episode number in it. */
  season: number | null;
  episode: number | null;
  /** When it was written to the library (ms). */
  createdAt: number;
}

export interface EntryRow {
  id: string;
  user_id: string;
  follow_id: string | null;
  media_id: string;
  platform: string;
  rel_path: string;
  size: number;
  mime: string;
  title: string;
  description: string;
  published_at: number | null;
  duration_s: number | null;
  thumb_rel_path: string | null;
  season: number | null;
  episode: number | null;
  created_at: number;
}

const orNull = (value: number | null) => (value === null ? null : Number(value));

/** An absolute path from a stored relative one (under the library root, or the current folder when it is off). */
export function absolutePath(relPath: string, root = libraryRoot() ?? '.'): string {
  return path.join(root, ...relPath.split('/'));
}

export function entryOf(row: EntryRow, root = libraryRoot() ?? '.'): LibraryEntry {
  return {
    id: row.id, userId: row.user_id, followId: row.follow_id, mediaId: row.media_id, platform: row.platform,
    path: absolutePath(row.rel_path, root), relPath: row.rel_path, size: Number(row.size), mime: row.mime,
    title: row.title, description: row.description, publishedAt: orNull(row.published_at), durationSeconds: orNull(row.duration_s),
    thumbnailPath: row.thumb_rel_path ? absolutePath(row.thumb_rel_path, root) : null,
    season: orNull(row.season), episode: orNull(row.episode), createdAt: Number(row.created_at),
  };
}

const NEWEST = 'ORDER BY COALESCE(published_at, created_at) DESC, created_at DESC, id';

/** A follow's entries, newest upload first. */
export async function listFollowEntries(db: Db, followId: string): Promise<LibraryEntry[]> {
  const rows = await db.query<EntryRow>(`SELECT * FROM library_entries WHERE follow_id = ? ${NEWEST}`, [followId]);
  const root = libraryRoot() ?? '.';
  return rows.map((row) => entryOf(row, root));
}

/** All of a user's entries, newest upload first. */
export async function listUserEntries(db: Db, userId: string): Promise<LibraryEntry[]> {
  const rows = await db.query<EntryRow>(`SELECT * FROM library_entries WHERE user_id = ? ${NEWEST}`, [userId]);
  const root = libraryRoot() ?? '.';
  return rows.map((row) => entryOf(row, root));
}

export async function libraryEntry(db: Db, id: string): Promise<LibraryEntry | undefined> {
  const row = await db.get<EntryRow>('SELECT * FROM library_entries WHERE id = ?', [id]);
  return row && entryOf(row);
}

export type NewEntry = Omit<EntryRow, 'id'>;

/** Records a written file; the same path written again replaces its row. The new row's id. */
export async function recordEntry(db: Db, entry: NewEntry): Promise<string> {
  const id = newId('lib');
  await db.transaction(async (tx) => {
    await tx.run('DELETE FROM library_entries WHERE rel_path = ?', [entry.rel_path]);
    await tx.run(
      `INSERT INTO library_entries (id, user_id, follow_id, media_id, platform, rel_path, size, mime, title, description,
         published_at, duration_s, thumb_rel_path, season, episode, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, entry.user_id, entry.follow_id, entry.media_id, entry.platform, entry.rel_path, entry.size, entry.mime, entry.title,
        entry.description, entry.published_at, entry.duration_s, entry.thumb_rel_path, entry.season, entry.episode, entry.created_at],
    );
  });
  return id;
}

/** Whether the follow already holds this upload in its library (a retried download writes it once). */
export async function followHasMedia(db: Db, followId: string, mediaId: string): Promise<boolean> {
  return Boolean(await db.get('SELECT 1 AS x FROM library_entries WHERE follow_id = ? AND media_id = ?', [followId, mediaId]));
}

/** The next episode number in a season of a show folder: one more than the highest already there. */
export async function nextEpisode(db: Db, userId: string, seasonPrefix: string): Promise<number> {
  const row = await db.get<{ n: number | null }>(
    'SELECT MAX(episode) AS n FROM library_entries WHERE user_id = ? AND rel_path LIKE ? ESCAPE \'!\'',
    [userId, `${seasonPrefix.replace(/[!%_]/g, '!$&')}/%`],
  );
  return Number(row?.n ?? 0) + 1;
}

export async function deleteEntries(db: Db, ids: readonly string[]): Promise<void> {
  for (const id of ids) await db.run('DELETE FROM library_entries WHERE id = ?', [id]);
}

/** Every row's id and paths, for the start-up scan. */
export async function allEntryPaths(db: Db): Promise<{ id: string; rel_path: string; thumb_rel_path: string | null }[]> {
  return db.query('SELECT id, rel_path, thumb_rel_path FROM library_entries');
}
