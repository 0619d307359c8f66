import 'server-only';
import { AppError } from '@/lib/errors';
import { ACTIVE_STATUSES } from '@/lib/downloads/job-status';
import type { JobRunner } from '@/lib/jobs/runner';
import { reportIfFinished, type BatchFinished } from './batch-finished';
import { readBatch, type StoredBatch, type StoredItem } from './batch-store';
import { mayRead, type BatchReader } from './batch-access';
import { replaceFailedItem } from './batch-retry';
import type { BulkItemPayload } from './bulk-item-kind';
import { BULK_MESSAGES } from './schemas';

/** Cancel and retry, on a batch and on its items; each answers with nothing but throws the API's errors. */
export interface BulkQueueControl {
  /** Stops one queued or processing item: it ends failed with code `cancelled`. */
  cancelItem(batchId: string, itemId: string, reader: BatchReader): Promise<void>;
  /** Stops every item that has not ended; the ones that have are left as they are. */
  cancelBatch(batchId: string, reader: BatchReader): Promise<void>;
  /** Runs one failed item again, as a new item in its place. */
  retryItem(batchId: string, itemId: string, reader: BatchReader): Promise<void>;
  /** Runs every failed item of the batch again. */
  retryFailed(batchId: string, reader: BatchReader): Promise<void>;
  /** After a cancel made elsewhere (the admin's queue): reports the item's batch finished if nothing of it still runs. */
  afterItemCancelled(itemId: string): Promise<void>;
}

const batchNotFound = () => new AppError('not_found', 'Batch not found');
const active = (item: StoredItem) => ACTIVE_STATUSES.includes(item.status);

/**
 * The owner's hold on a batch's queue. Anyone who may not read the batch gets the 404 of a batch that does not
 * exist; an item that is not in it is a 404 too; asking to cancel what has ended, or to retry what has not
 * failed, is a 409 `conflict`.
 */
export function createQueueControl(runner: JobRunner, now: () => number, onFinished?: (batch: BatchFinished) => Promise<void>): BulkQueueControl {
  // A cancel may end a batch's last items: their jobs report nothing, so the cancel reports the batch's end (once).
  const afterCancel = async (batchId: string) => {
    if (!onFinished) return;
    await reportIfFinished(await runner.store(), batchId, now(), (key) => runner.once(key), onFinished)
      .catch((error) => console.error('[bulk] onFinished failed', error));
  };
  const owned = async (batchId: string, reader: BatchReader): Promise<StoredBatch> => {
    const batch = await readBatch(await runner.store(), batchId, now());
    if (!batch || !mayRead(batch, reader)) throw batchNotFound();
    return batch;
  };
  const itemOf = (batch: StoredBatch, itemId: string) => {
    const item = batch.items.find((candidate) => candidate.id === itemId);
    if (!item) throw new AppError('not_found', 'Item not found');
    return item;
  };
  const retry = async (batch: StoredBatch, item: StoredItem, reader: BatchReader) => {
    const next = await replaceFailedItem(await runner.store(), batch.id, item.id, BULK_MESSAGES.queued, now());
    if (!next) return false;
    const payload: BulkItemPayload = {
      batchId: batch.id, owner: batch.owner,
      choice: {
        quality: batch.quality, format: batch.format, loudness: batch.loudness, sponsorMark: batch.sponsorMark, sponsorRemove: batch.sponsorRemove,
        ...(batch.split ? { split: batch.split } : {}),
      },
      item: { id: next.id, url: next.url, position: next.position, ...(next.title ? { title: next.title } : {}) },
    };
    await runner.enqueue('bulk-item', { id: next.id, group: batch.id, payload, owner: reader.client });
    return true;
  };

  return {
    async cancelItem(batchId, itemId, reader) {
      const item = itemOf(await owned(batchId, reader), itemId);
      if (!active(item) || !(await runner.cancel('bulk-item', item.id))) throw new AppError('conflict', 'This item has already ended');
      await afterCancel(batchId);
    },
    async cancelBatch(batchId, reader) {
      const batch = await owned(batchId, reader);
      // Queued items first: none of them may start in a slot a cancelled item frees.
      const order = [...batch.items.filter((item) => item.status === 'queued'), ...batch.items.filter((item) => item.status === 'processing')];
      for (const item of order) await runner.cancel('bulk-item', item.id);
      await afterCancel(batchId);
    },
    async retryItem(batchId, itemId, reader) {
      const batch = await owned(batchId, reader);
      const item = itemOf(batch, itemId);
      if (item.status !== 'failed' || !(await retry(batch, item, reader))) throw new AppError('conflict', 'Only a failed item can be retried');
    },
    async afterItemCancelled(itemId) {
      const row = await (await runner.store()).get<{ batch_id: string | null }>('SELECT batch_id FROM jobs WHERE id = ?', [itemId]);
      if (row?.batch_id) await afterCancel(row.batch_id);
    },
    async retryFailed(batchId, reader) {
      const batch = await owned(batchId, reader);
      const failed = batch.items.filter((item) => item.status === 'failed');
      if (!failed.length) throw new AppError('conflict', 'This batch has no failed item');
      for (const item of failed) await retry(batch, item, reader);
    },
  };
}
