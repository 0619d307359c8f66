import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { DELIVERIES_KEPT, type Delivery, type DeliveryEvent } from './schemas';

interface Row {
  id: string;
  webhook_id: string;
  event: DeliveryEvent;
  body: string;
  status: Delivery['status'];
  attempts: number;
  max_attempts: number;
  http_status: number | null;
  error_code: string | null;
  duration_ms: number | null;
  created_at: number;
  attempted_at: number | null;
}

/** A delivery as its job reads it: the exact body every attempt sends. */
export interface StoredDelivery {
  id: string;
  webhookId: string;
  event: DeliveryEvent;
  body: string;
  status: Delivery['status'];
  attempts: number;
  maxAttempts: number;
  attemptedAt: number | null;
}

/** What one attempt came to. */
export interface AttemptResult {
  status: Delivery['status'];
  httpStatus: number | null;
  errorCode: string | null;
  durationMs: number;
  at: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Records a delivery to make and trims the webhook's list to the newest 20. */
export async function insertDelivery(
  db: Db, delivery: { id: string; webhookId: string; event: DeliveryEvent; body: string; maxAttempts: number },
): Promise<void> {
  const { id, webhookId, event, body, maxAttempts } = delivery;
  await db.run(
    `INSERT INTO webhook_deliveries (id, webhook_id, event, body, status, attempts, max_attempts, created_at)
     VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)`,
    [id, webhookId, event, body, maxAttempts, now()],
  );
  await db.run(
    `DELETE FROM webhook_deliveries WHERE webhook_id = ? AND id NOT IN (
       SELECT id FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
    [webhookId, webhookId, DELIVERIES_KEPT],
  );
}

export async function readDelivery(db: Db, id: string): Promise<StoredDelivery | undefined> {
  const row = await db.get<Row>('SELECT * FROM webhook_deliveries WHERE id = ?', [id]);
  return row && {
    id: row.id, webhookId: row.webhook_id, event: row.event, body: row.body, status: row.status,
    attempts: Number(row.attempts), maxAttempts: Number(row.max_attempts), attemptedAt: row.attempted_at === null ? null : Number(row.attempted_at),
  };
}

/** One attempt made: counted, with its outcome (never the response's body). */
export async function recordAttempt(db: Db, id: string, result: AttemptResult): Promise<void> {
  await db.run(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, status = ?, http_status = ?, error_code = ?, duration_ms = ?, attempted_at = ?
     WHERE id = ?`,
    [result.status, result.httpStatus, result.errorCode, Math.round(result.durationMs), result.at, id],
  );
}

/** Ends a delivery that will not be tried again (its webhook was disabled meanwhile). */
export async function giveUpDelivery(db: Db, id: string, errorCode: string): Promise<void> {
  await db.run("UPDATE webhook_deliveries SET status = 'failed', error_code = ? WHERE id = ? AND status IN ('pending', 'retrying')", [errorCode, id]);
}

/**
 * Gives up every delivery of the user's webhooks not yet made (pending or waiting for a retry), as their account is
 * disabled: a job still queued for one then finds it ended.
 */
export async function giveUpOwnerDeliveries(db: Db, userId: string, errorCode: string): Promise<number> {
  const { changes } = await db.run(
    `UPDATE webhook_deliveries SET status = 'failed', error_code = ?
     WHERE status IN ('pending', 'retrying') AND webhook_id IN (SELECT id FROM webhooks WHERE user_id = ?)`,
    [errorCode, userId],
  );
  return changes;
}

/** The webhook's deliveries, newest first: event, status, attempts, the last attempt's outcome and time. */
export async function listDeliveries(db: Db, webhookId: string): Promise<Delivery[]> {
  const rows = await db.query<Row>(
    `SELECT id, webhook_id, event, status, attempts, max_attempts, http_status, error_code, duration_ms, created_at, attempted_at
     FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    [webhookId, DELIVERIES_KEPT],
  );
  return rows.map((row) => ({
    id: row.id, event: row.event, status: row.status, attempts: Number(row.attempts),
    httpStatus: row.http_status === null ? null : Number(row.http_status), errorCode: row.error_code,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    createdAt: iso(row.created_at) as string, attemptedAt: iso(row.attempted_at),
  }));
}
