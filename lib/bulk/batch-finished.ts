import 'server-only';
import type { Db } from '@/lib/db';
import { ACTIVE_STATUSES } from '@/lib/downloads/job-status';
import { readBatch } from './batch-store';

/** A signed-in owner's batch has ended: what the bell and `batch.finished` webhooks hear. */
export interface BatchFinished {
  owner: string;
  batchId: string;
  ready: number;
  total: number;
}

/**
 * Reports a signed-in owner's batch as finished when none of its items is still queued or processing — once,
 * whoever sees it first (`once` is the runner's claim across processes): the item whose job ends last, or the
 * cancel that ended the last ones (a cancelled item's job reports nothing, and one cancelled before it started never runs).
 */
export async function reportIfFinished(
  db: Db, batchId: string, now: number, once: (key: string) => Promise<boolean>, onFinished: (batch: BatchFinished) => Promise<void>,
): Promise<boolean> {
  const batch = await readBatch(db, batchId, now);
  if (!batch?.owner || batch.items.some((item) => ACTIVE_STATUSES.includes(item.status))) return false;
  if (!(await once(`bulk-finished:${batchId}`))) return false;
  const ready = batch.items.filter((item) => item.status === 'ready').length;
  await onFinished({ owner: batch.owner, batchId, ready, total: batch.items.length });
  return true;
}
