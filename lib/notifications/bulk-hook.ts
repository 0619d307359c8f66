import 'server-only';
import type { Db } from '@/lib/db';
import { createNotification } from './notifications-store';

/** A signed-in user's bulk batch has ended: one notification with how many of its files are ready. */
export async function onBatchFinished(db: Db, batch: { owner: string; ready: number; total: number }): Promise<void> {
  await createNotification(db, batch.owner, {
    kind: 'bulk_complete',
    title: 'Bulk download complete',
    body: `${batch.ready}/${batch.total}`,
  });
}
