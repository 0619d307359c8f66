import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import type { StoredItem } from './batch-store';

/**
 * A failed item gives way to a new queued item for the same link, in the same place: a retry is a new job (a
 * job id is never run twice, on any runner), and the batch still shows one row per link. Null when the item is
 * not a failed item of this batch (another retry took it first).
 */
export async function replaceFailedItem(db: Db, batchId: string, itemId: string, message: string, now: number): Promise<StoredItem | null> {
  return db.transaction(async (tx) => {
    const row = await tx.get<{ payload: string; result: string | null; owner: string | null; position: number; expires_at: number }>(
      `SELECT payload, result, owner, position, expires_at FROM jobs
       WHERE id = ? AND batch_id = ? AND type = 'bulk-item' AND status = 'failed'`, [itemId, batchId],
    );
    if (!row) return null;
    const { url } = JSON.parse(row.payload) as { url: string };
    const { title } = row.result ? (JSON.parse(row.result) as { title?: string }) : {};
    const { changes } = await tx.run(`DELETE FROM jobs WHERE id = ? AND status = 'failed'`, [itemId]);
    if (!changes) return null;
    const next: StoredItem = { id: newId('bi'), url, position: Number(row.position), status: 'queued', progress: 0, message, ...(title ? { title } : {}) };
    await tx.run(
      `INSERT INTO jobs (id, type, status, progress, message, payload, owner, batch_id, position, result, created_at, updated_at, expires_at)
       VALUES (?, 'bulk-item', 'queued', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [next.id, message, row.payload, row.owner, batchId, next.position, title ? JSON.stringify({ title }) : null, now, now, Number(row.expires_at)],
    );
    return next;
  });
}
