import 'server-only';
import type { Db } from '@/lib/db';
import type { DownloadProgress, DownloadStatus } from './download-job-schemas';
import { INTERRUPTED_MESSAGE } from './job-store';

/** A download job's state as stored: the `jobs` row (type 'download'), result JSON holding url and code. */
export interface DownloadState {
  status: DownloadStatus;
  progress: number;
  message: string;
  downloadUrl?: string;
  code?: string;
}

interface Row {
  status: string;
  progress: number;
  message: string | null;
  result: string | null;
}

export async function insertDownloadJob(
  db: Db,
  job: { id: string; state: DownloadState; payload: unknown; owner: string | null; now: number; expiresAt: number },
): Promise<void> {
  await db.run(
    `INSERT INTO jobs (id, type, status, progress, message, payload, owner, created_at, updated_at, expires_at)
     VALUES (?, 'download', ?, ?, ?, ?, ?, ?, ?, ?)`,
    [job.id, job.state.status, job.state.progress, job.state.message, JSON.stringify(job.payload), job.owner, job.now, job.now, job.expiresAt],
  );
}

/** Progress only rises in the store too: a late, lower write (a slow writer) cannot pull it back. */
export async function saveDownloadState(db: Db, id: string, state: DownloadState, now: number, expiresAt?: number): Promise<void> {
  const result = state.downloadUrl || state.code ? JSON.stringify({ downloadUrl: state.downloadUrl, code: state.code }) : null;
  await db.run(
    `UPDATE jobs SET status = ?, progress = CASE WHEN progress > ? THEN progress ELSE ? END, message = ?, result = ?,
       updated_at = ?, expires_at = COALESCE(?, expires_at)
     WHERE id = ? AND type = 'download'`,
    [state.status, state.progress, state.progress, state.message, result, now, expiresAt ?? null, id],
  );
}

export async function readDownloadJob(db: Db, id: string, now: number): Promise<DownloadProgress | undefined> {
  const row = await db.get<Row>(
    `SELECT status, progress, message, result FROM jobs WHERE id = ? AND type = 'download' AND expires_at > ?`,
    [id, now],
  );
  if (!row) return undefined;
  const result = row.result ? (JSON.parse(row.result) as { downloadUrl?: string; code?: string }) : {};
  const progress: DownloadProgress = {
    id,
    _id: id,
    status: row.status as DownloadStatus,
    progress: Number(row.progress),
    message: row.message ?? '',
    downloadUrl: row.status === 'ready' ? (result.downloadUrl ?? null) : null,
  };
  if (result.code) progress.code = result.code;
  return progress;
}

/** Downloads an earlier process left unfinished will never finish: say so rather than spin forever. */
export async function interruptDownloadJobs(db: Db, startedBefore: number, now: number): Promise<void> {
  await db.run(
    `UPDATE jobs SET status = 'failed', message = ?, result = ?, updated_at = ?
     WHERE type = 'download' AND status IN ('queued', 'analyzing', 'processing') AND created_at < ?`,
    [INTERRUPTED_MESSAGE, JSON.stringify({ code: 'unavailable' }), now, startedBefore],
  );
}

export async function purgeExpiredDownloadJobs(db: Db, now: number): Promise<void> {
  await db.run(`DELETE FROM jobs WHERE type = 'download' AND expires_at <= ?`, [now]);
}
