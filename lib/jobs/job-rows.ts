import 'server-only';
import type { Db } from '@/lib/db';
import type { StoredState } from './runner';

/** The `jobs` table as every kind of job uses it: one row a job, its kind's fields as JSON in `result`. */
interface Row {
  status: string;
  progress: number;
  message: string | null;
  result: string | null;
}

export async function insertJobRow(
  db: Db,
  job: { id: string; type: string; state: StoredState; payload: unknown; owner: string | null; now: number; expiresAt: number },
): Promise<void> {
  await db.run(
    `INSERT INTO jobs (id, type, status, progress, message, payload, owner, result, created_at, updated_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [job.id, job.type, job.state.status, Math.round(job.state.progress), job.state.message, JSON.stringify(job.payload), job.owner,
      job.state.result ? JSON.stringify(job.state.result) : null, job.now, job.now, job.expiresAt],
  );
}

/**
 * Progress only rises in the store while a job runs: a late, lower write (a slow writer, a retried attempt on
 * another worker) cannot pull it back. A row that has ended is never written again (a cancelled job's handler may still finish).
 */
export async function saveJobRow(db: Db, id: string, type: string, state: StoredState, now: number, ended: readonly string[]): Promise<boolean> {
  const progress = Math.round(state.progress);
  // An ending state is written as it is (a failure says where it stopped); a running one only ever rises.
  const floor = ended.includes(state.status) ? 101 : progress;
  const marks = ended.map(() => '?').join(', ');
  // expires_at is indexed: assigned only when it moves, so an ordinary state write leaves its index alone.
  const moves = state.expiresAt !== undefined;
  const { changes } = await db.run(
    `UPDATE jobs SET status = ?, progress = CASE WHEN progress > ? THEN progress ELSE ? END, message = ?, result = ?,
       updated_at = ?${moves ? ', expires_at = ?' : ''}
     WHERE id = ? AND type = ?${ended.length ? ` AND status NOT IN (${marks})` : ''}`,
    [state.status, floor, progress, state.message, state.result ? JSON.stringify(state.result) : null, now,
      ...(moves ? [state.expiresAt] : []), id, type, ...ended],
  );
  return changes > 0;
}

export async function readJobRow(db: Db, id: string, type: string, now: number): Promise<StoredState | undefined> {
  const row = await db.get<Row>(
    'SELECT status, progress, message, result FROM jobs WHERE id = ? AND type = ? AND expires_at > ?', [id, type, now],
  );
  if (!row) return undefined;
  return {
    status: row.status, progress: Number(row.progress), message: row.message,
    result: row.result ? (JSON.parse(row.result) as Record<string, unknown>) : null,
  };
}

/** Work a process left unfinished (created before `startedBefore`) becomes `interrupted`: it will never finish now. */
export async function interruptJobRows(
  db: Db, type: string, active: readonly string[], interrupted: StoredState, startedBefore: number, now: number,
): Promise<number> {
  const { changes } = await db.run(
    `UPDATE jobs SET status = ?, message = ?, result = ?, updated_at = ?
     WHERE type = ? AND status IN (${active.map(() => '?').join(', ')}) AND created_at < ?`,
    [interrupted.status, interrupted.message, interrupted.result ? JSON.stringify(interrupted.result) : null, now, type, ...active, startedBefore],
  );
  return changes;
}

export async function purgeJobRows(db: Db, type: string, now: number): Promise<void> {
  await db.run('DELETE FROM jobs WHERE type = ? AND expires_at <= ?', [type, now]);
}

export const INTERRUPTED_MESSAGE = 'Interrupted by a server restart';
export const CANCELLED_MESSAGE = 'Cancelled';

/** What a job was asked to do and for whom: a retry starts the same work again. */
export async function readJobSource(db: Db, id: string, type: string, now: number): Promise<{ status: string; owner: string | null; payload: unknown } | undefined> {
  const row = await db.get<{ status: string; owner: string | null; payload: string }>(
    'SELECT status, owner, payload FROM jobs WHERE id = ? AND type = ? AND expires_at > ?', [id, type, now],
  );
  return row ? { status: row.status, owner: row.owner ?? null, payload: JSON.parse(row.payload) as unknown } : undefined;
}
