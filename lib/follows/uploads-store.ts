import 'server-only';
import type { Db } from '@/lib/db';
import type { Listed } from './listing-types';
import type { FollowUpload, SkipReason, UploadState } from './schemas';

export interface SeenUpload {
  upload: Listed;
  state: UploadState;
  reason?: SkipReason;
  downloadId?: string;
  /** A background download's reserved size, until its real one replaces it. */
  bytes?: number;
}

/** Which of these media ids the follow has seen already (one query, whatever the listing's length). */
export async function knownMediaIds(db: Db, followId: string, mediaIds: readonly string[]): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const marks = mediaIds.map(() => '?').join(', ');
  const rows = await db.query<{ media_id: string }>(
    `SELECT media_id FROM follow_uploads WHERE follow_id = ? AND media_id IN (${marks})`, [followId, ...mediaIds],
  );
  return new Set(rows.map((row) => row.media_id));
}

/** Records uploads as seen, each with what became of it. */
export async function recordUploads(db: Db, followId: string, seen: readonly SeenUpload[], at: number): Promise<void> {
  for (const { upload, state, reason, downloadId, bytes } of seen) {
    await db.run(
      `INSERT INTO follow_uploads (follow_id, media_id, title, url, published_at, duration_s, state, reason, download_id, bytes, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (follow_id, media_id) DO NOTHING`,
      [followId, upload.mediaId, upload.title, upload.url, upload.publishedAt ?? null, upload.durationSeconds ?? null,
        state, reason ?? null, downloadId ?? null, bytes ?? null, at],
    );
  }
}

/**
 * The first check: everything the creator has now is seen, none of it listed, and the follow is primed (named as
 * the platform names the creator, when it does).
 */
export async function primeFollow(db: Db, followId: string, uploads: readonly Listed[], at: number, name?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await recordUploads(tx, followId, uploads.map((upload) => ({ upload, state: 'skipped', reason: 'before_follow' })), at);
    await tx.run('UPDATE follows SET primed = 1, name = COALESCE(?, name) WHERE id = ?', [name?.slice(0, 200) || null, followId]);
  });
}

interface UploadRow {
  follow_id: string;
  name: string;
  platform: string;
  media_id: string;
  title: string;
  url: string;
  published_at: number | null;
  duration_s: number | null;
  state: UploadState;
  reason: SkipReason | null;
  download_id: string | null;
}

const LIST_LIMIT = 50;

/**
 * "New from creators you follow": uploads waiting for the user (new), and what the background did with the newest
 * (downloading, downloaded, or skipped for lack of room or a failure) — never the ones left out at follow time or
 * by a filter, nor those the user dismissed.
 */
export async function listUploads(db: Db, userId: string): Promise<FollowUpload[]> {
  const rows = await db.query<UploadRow>(
    `SELECT u.follow_id, f.name, f.platform, u.media_id, u.title, u.url, u.published_at, u.duration_s, u.state, u.reason, u.download_id
     FROM follow_uploads u JOIN follows f ON f.id = u.follow_id
     WHERE f.user_id = ? AND (u.state IN ('new', 'downloading', 'downloaded') OR (u.state = 'skipped' AND u.reason IN ('quota', 'failed')))
     ORDER BY u.seen_at DESC, u.published_at DESC LIMIT ?`,
    [userId, LIST_LIMIT],
  );
  return rows.map((row) => ({
    followId: row.follow_id, creator: row.name, platform: row.platform, mediaId: row.media_id, title: row.title, url: row.url,
    publishedAt: row.published_at === null ? null : new Date(Number(row.published_at)).toISOString(),
    durationSeconds: row.duration_s === null ? null : Number(row.duration_s),
    state: row.state, reason: row.reason, downloadId: row.download_id,
  }));
}

/** One of the user's uploads, or undefined. */
export async function ownUpload(db: Db, userId: string, followId: string, mediaId: string): Promise<UploadRow | undefined> {
  return db.get<UploadRow>(
    `SELECT u.follow_id, f.name, f.platform, u.media_id, u.title, u.url, u.published_at, u.duration_s, u.state, u.reason, u.download_id
     FROM follow_uploads u JOIN follows f ON f.id = u.follow_id WHERE f.user_id = ? AND u.follow_id = ? AND u.media_id = ?`,
    [userId, followId, mediaId],
  );
}

export async function setUploadState(db: Db, followId: string, mediaId: string, state: UploadState, fields: { downloadId?: string; reason?: SkipReason | null } = {}): Promise<void> {
  await db.run(
    'UPDATE follow_uploads SET state = ?, download_id = COALESCE(?, download_id), reason = ? WHERE follow_id = ? AND media_id = ?',
    [state, fields.downloadId ?? null, fields.reason ?? null, followId, mediaId],
  );
}

/**
 * What a user's background downloads of followed uploads hold now: running ones' reservations, and the sizes of
 * finished ones whose file is still kept — a finished download's job row lives exactly as long as its file, so
 * one whose row has expired holds nothing any more.
 */
export async function usedFollowBytes(db: Db, userId: string, at: number = Date.now()): Promise<number> {
  const row = await db.get<{ n: number | null }>(
    `SELECT SUM(u.bytes) AS n FROM follow_uploads u JOIN follows f ON f.id = u.follow_id
     WHERE f.user_id = ? AND u.bytes IS NOT NULL AND (u.state = 'downloading'
       OR (u.state = 'downloaded' AND EXISTS (SELECT 1 FROM jobs j WHERE j.id = u.download_id AND j.expires_at > ?)))`,
    [userId, at],
  );
  return Number(row?.n ?? 0);
}

/** The download job started for an upload, or none could be started (it is then skipped as failed). */
export async function setDownloadId(db: Db, followId: string, mediaId: string, downloadId: string | null): Promise<void> {
  if (downloadId) await db.run('UPDATE follow_uploads SET download_id = ? WHERE follow_id = ? AND media_id = ?', [downloadId, followId, mediaId]);
  else await db.run(`UPDATE follow_uploads SET state = 'skipped', reason = 'failed', bytes = NULL WHERE follow_id = ? AND media_id = ? AND state = 'downloading'`, [followId, mediaId]);
}

/**
 * A user's download of `url` ended: a followed upload being downloaded in the background becomes downloaded (its
 * real size replacing the reservation, counted against the user's follow storage) or is skipped as failed (its
 * reservation freed). The number of uploads settled.
 */
export async function settleDownload(db: Db, userId: string, url: string, outcome: { ok: boolean; bytes?: number }): Promise<number> {
  const result = await db.run(
    `UPDATE follow_uploads SET state = ?, reason = ?, bytes = ?
     WHERE url = ? AND state = 'downloading' AND follow_id IN (SELECT id FROM follows WHERE user_id = ?)`,
    outcome.ok ? ['downloaded', null, outcome.bytes ?? null, url, userId] : ['skipped', 'failed', null, url, userId],
  );
  return result.changes;
}

/** A running background download's reservation becomes its format's expected size, once the job knows it. */
export async function reserveDownload(db: Db, userId: string, url: string, bytes: number): Promise<number> {
  const result = await db.run(
    `UPDATE follow_uploads SET bytes = ?
     WHERE url = ? AND state = 'downloading' AND follow_id IN (SELECT id FROM follows WHERE user_id = ?)`,
    [Math.round(bytes), url, userId],
  );
  return result.changes;
}
