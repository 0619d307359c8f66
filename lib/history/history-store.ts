import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import type { Platform } from '@/lib/media/types';
import { publicThumbnail } from '@/lib/thumbnails/signed-url';
import type { HistoryEntry, HistoryList, HistoryQuery, HistoryStatus } from './schemas';

/** One download as the store keeps it: what the card shows, and a media reference instead of a link. */
export interface NewHistoryRow {
  userId: string;
  title: string;
  thumbnail: string | null;
  platform: Platform;
  mediaRef: string | null;
  /** The per-user keyed hash of the media (media-key.ts); none for a row that cannot be matched. */
  mediaKey?: string | null;
  quality: string;
  format: string;
  status: HistoryStatus;
  fileSize: number | null;
  downloadedAt: number;
}

export interface HistoryRow {
  id: string;
  title: string;
  thumbnail: string | null;
  platform: Platform;
  media_ref: string | null;
  quality: string;
  format: string;
  status: HistoryStatus;
  file_size: number | null;
  downloaded_at: number;
}

const COLUMNS = 'id, title, thumbnail, platform, media_ref, quality, format, status, file_size, downloaded_at';

export function toEntry(row: HistoryRow): HistoryEntry {
  return {
    _id: row.id,
    mediaInfo: { thumbnail: row.thumbnail || null, title: row.title, platform: row.platform },
    downloadedAt: new Date(Number(row.downloaded_at)).toISOString(),
    quality: row.quality,
    format: row.format,
    status: row.status,
    fileSize: row.file_size === null ? null : Number(row.file_size),
  };
}

/** An entry as a page shows it: its picture loads through our thumbnail route, never from the platform. */
function toShownEntry(row: HistoryRow): HistoryEntry {
  const entry = toEntry(row);
  return { ...entry, mediaInfo: { ...entry.mediaInfo, thumbnail: publicThumbnail(entry.mediaInfo.thumbnail) ?? null } };
}

export async function insertHistory(db: Db, row: NewHistoryRow): Promise<string> {
  const id = newId('his');
  await db.run(
    `INSERT INTO history (${COLUMNS}, user_id, media_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [id, row.title, row.thumbnail, row.platform, row.mediaRef, row.quality, row.format, row.status, row.fileSize, row.downloadedAt, row.userId, row.mediaKey ?? null],
  );
  return id;
}

/** `%`, `_` and the escape itself are literal in a search, not wildcards. */
const likePattern = (search: string) => `%${search.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;

/** Newest first; the title search ignores case on both engines (lower() on each side). */
export async function listHistory(db: Db, userId: string, query: HistoryQuery): Promise<HistoryList> {
  const where = ['user_id = ?'];
  const params: Array<string | number> = [userId];
  if (query.search) {
    where.push("lower(title) LIKE ? ESCAPE '!'");
    params.push(likePattern(query.search));
  }
  if (query.platform) {
    where.push('platform = ?');
    params.push(query.platform);
  }
  const clause = where.join(' AND ');
  const counted = await db.get<{ total: number }>(`SELECT COUNT(*) AS total FROM history WHERE ${clause}`, params);
  const total = Number(counted?.total ?? 0);
  const rows = await db.query<HistoryRow>(
    `SELECT ${COLUMNS} FROM history WHERE ${clause} ORDER BY downloaded_at DESC, id DESC LIMIT ? OFFSET ?`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return { downloads: rows.map(toShownEntry), total, page: query.page, totalPages: Math.ceil(total / query.limit) };
}

export async function findHistory(db: Db, userId: string, id: string): Promise<HistoryRow | undefined> {
  return db.get<HistoryRow>(`SELECT ${COLUMNS} FROM history WHERE id = ? AND user_id = ?`, [id, userId]);
}

/** Every entry of the user, newest first (the export). */
export async function allHistory(db: Db, userId: string): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(`SELECT ${COLUMNS} FROM history WHERE user_id = ? ORDER BY downloaded_at DESC, id DESC`, [userId]);
}

/** Deletes the user's own entry; false when there is none with that id for this user. */
export async function deleteHistory(db: Db, userId: string, id: string): Promise<boolean> {
  const { changes } = await db.run('DELETE FROM history WHERE id = ? AND user_id = ?', [id, userId]);
  return changes > 0;
}

export async function clearHistory(db: Db, userId: string): Promise<number> {
  return (await db.run('DELETE FROM history WHERE user_id = ?', [userId])).changes;
}

/** The same media, quality and format recorded for this user since `since` (one download, seen twice). */
export async function hasRecent(db: Db, userId: string, row: Pick<NewHistoryRow, 'mediaRef' | 'title' | 'quality' | 'format' | 'status'>, since: number) {
  const found = await db.get<{ id: string }>(
    `SELECT id FROM history WHERE user_id = ? AND title = ? AND quality = ? AND format = ? AND status = ?
       AND COALESCE(media_ref, '') = ? AND downloaded_at >= ?`,
    [userId, row.title, row.quality, row.format, row.status, row.mediaRef ?? '', since],
  );
  return found !== undefined;
}

/** The user's latest completed download of the media with this key, if their history still holds one. */
export async function latestCompletedByKey(db: Db, userId: string, mediaKey: string): Promise<HistoryRow | undefined> {
  return db.get<HistoryRow>(
    `SELECT ${COLUMNS} FROM history WHERE user_id = ? AND media_key = ? AND status = 'completed'
       ORDER BY downloaded_at DESC, id DESC LIMIT 1`,
    [userId, mediaKey],
  );
}
