import 'server-only';
import type { Db } from '@/lib/db';
import type { DeliveryJob } from './delivery-kind';

/** Deliveries not yet delivered nor given up: waiting for their first attempt or for a retry. */
export async function unfinishedDeliveries(db: Db): Promise<DeliveryJob[]> {
  const rows = await db.query<{ id: string; webhook_id: string }>(
    "SELECT id, webhook_id FROM webhook_deliveries WHERE status IN ('pending', 'retrying') ORDER BY created_at, id",
  );
  return rows.map((row) => ({ deliveryId: row.id, webhookId: row.webhook_id }));
}

/**
 * An embedded server starting: the deliveries an earlier process left pending or waiting for a retry are queued
 * again (nothing else would ever send them). Each job then waits only what is left of its back-off, counted from
 * the last attempt stored. Only for a runner whose queued jobs die with its process: BullMQ keeps them in Redis.
 */
export async function resumeDeliveries(db: () => Promise<Db>, queue: (job: DeliveryJob) => Promise<unknown> | void): Promise<number> {
  const jobs = await unfinishedDeliveries(await db());
  for (const job of jobs) await queue(job);
  return jobs.length;
}
