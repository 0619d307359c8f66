import 'server-only';
import type { Db } from '@/lib/db';
import type { JobSnapshot } from './types';

/** The rows of the `jobs` table this queue writes (type 'analysis'). */
interface JobRow {
  status: string;
  progress: number;
  message: string | null;
  result: string | null;
}

export const INTERRUPTED_MESSAGE = 'Interrupted by a server restart';

export async function insertAnalysisJob(
  db: Db,
  job: { id: string; snapshot: JobSnapshot; payload: unknown; owner: string | null; now: number; expiresAt: number },
): Promise<void> {
  await db.run(
    `INSERT INTO jobs (id, type, status, progress, message, payload, owner, created_at, updated_at, expires_at)
     VALUES (?, 'analysis', ?, ?, ?, ?, ?, ?, ?, ?)`,
    [job.id, job.snapshot.status, job.snapshot.progress, job.snapshot.message, JSON.stringify(job.payload),
      job.owner, job.now, job.now, job.expiresAt],
  );
}

/** The error code rides in `result` beside the media, so `get()` can return it from any node. */
export async function saveSnapshot(db: Db, id: string, snapshot: JobSnapshot, now: number): Promise<void> {
  const result = snapshot.metadata || snapshot.code
    ? JSON.stringify({ metadata: snapshot.metadata, code: snapshot.code, details: snapshot.details })
    : null;
  await db.run(
    'UPDATE jobs SET status = ?, progress = ?, message = ?, result = ?, updated_at = ? WHERE id = ?',
    [snapshot.status, snapshot.progress, snapshot.message, result, now, id],
  );
}

export async function readSnapshot(db: Db, id: string, now: number): Promise<JobSnapshot | undefined> {
  const row = await db.get<JobRow>(
    `SELECT status, progress, message, result FROM jobs WHERE id = ? AND type = 'analysis' AND expires_at > ?`,
    [id, now],
  );
  if (!row) return undefined;
  const snapshot: JobSnapshot = { status: row.status as JobSnapshot['status'], progress: Number(row.progress) };
  if (row.message) snapshot.message = row.message;
  if (row.result) {
    const result = JSON.parse(row.result) as Pick<JobSnapshot, 'metadata' | 'code' | 'details'>;
    if (result.metadata) snapshot.metadata = result.metadata;
    if (result.code) snapshot.code = result.code;
    if (result.details) snapshot.details = result.details;
  }
  return snapshot;
}

/** Work a previous process left unfinished can never finish now: say so, instead of "analysing" forever. */
export async function interruptAnalysisJobs(db: Db, startedBefore: number, now: number): Promise<number> {
  const { changes } = await db.run(
    `UPDATE jobs SET status = 'error', message = ?, result = ?, updated_at = ?
     WHERE type = 'analysis' AND status IN ('queued', 'analyzing') AND created_at < ?`,
    [INTERRUPTED_MESSAGE, JSON.stringify({ code: 'unavailable' }), now, startedBefore],
  );
  return changes;
}

export async function purgeExpiredAnalysisJobs(db: Db, now: number): Promise<void> {
  await db.run(`DELETE FROM jobs WHERE type = 'analysis' AND expires_at <= ?`, [now]);
}
