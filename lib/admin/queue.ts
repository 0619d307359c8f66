import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { JobRunner } from '@/lib/jobs/runner';

export const queuedJobSchema = z.object({
  id: z.string(),
  kind: z.enum(['analysis', 'download', 'bulk-item', 'follow-check', 'webhook-delivery']),
  state: z.enum(['running', 'waiting']),
  /** The owner's address; null for an anonymous caller. */
  owner: z.email().nullable(),
  progress: z.number().int().min(0).max(100),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type QueuedJob = z.infer<typeof queuedJobSchema>;

export const jobParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/) });

interface Row {
  id: string;
  progress: number | string;
  created_at: number | string;
  email: string | null;
}

/** Every job queued or running now, across users (a batch's item belongs to the batch's owner), running first, oldest first. */
export async function liveQueue(runner: JobRunner, db: Db): Promise<QueuedJob[]> {
  const listed = await runner.list();
  if (listed.length === 0) return [];
  const rows = new Map<string, Row>();
  // In slices: a store takes only so many parameters in one statement.
  for (let i = 0; i < listed.length; i += 500) {
    const ids = listed.slice(i, i + 500).map((job) => job.id);
    const found = await db.query<Row>(
      `SELECT j.id, j.progress, j.created_at, u.email FROM jobs j
         LEFT JOIN batches b ON b.id = j.batch_id
         LEFT JOIN users u ON u.id = COALESCE(j.owner, b.owner)
        WHERE j.id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of found) rows.set(row.id, row);
  }
  return listed.flatMap((job) => {
    const row = rows.get(job.id);
    if (!row) return [];
    return [{
      id: job.id, kind: job.type as QueuedJob['kind'], state: job.state, owner: row.email,
      progress: Math.max(0, Math.min(100, Math.round(Number(row.progress)))),
      createdAt: new Date(Number(row.created_at)).toISOString(),
    }];
  }).sort((a, b) => (a.state === b.state ? a.createdAt.localeCompare(b.createdAt) : a.state === 'running' ? -1 : 1));
}

/** Cancels a queued or running job of any kind and owner; 404 when it is unknown or has already ended. */
export async function cancelAnyJob(runner: JobRunner, db: Db, id: string): Promise<{ kind: QueuedJob['kind'] }> {
  const row = await db.get<{ type: QueuedJob['kind'] }>('SELECT type FROM jobs WHERE id = ?', [id]);
  if (!row || !(await runner.cancel(row.type, id))) throw new AppError('not_found', 'No such job is queued or running');
  return { kind: row.type };
}

/** Cancels every job of the user still queued or running (before the account is deleted). */
export async function cancelJobsOf(runner: JobRunner, db: Db, userId: string): Promise<number> {
  const listed = await runner.list();
  let cancelled = 0;
  for (const job of listed) {
    const mine = await db.get(
      'SELECT j.id FROM jobs j LEFT JOIN batches b ON b.id = j.batch_id WHERE j.id = ? AND COALESCE(j.owner, b.owner) = ?', [job.id, userId],
    );
    if (mine && (await runner.cancel(job.type, job.id))) cancelled++;
  }
  return cancelled;
}
