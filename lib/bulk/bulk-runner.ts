import 'server-only';
import { newId } from '@/lib/db/ids';
import { ENDED_STATUSES } from '@/lib/downloads/job-status';
import type { LimiterLoad } from '@/lib/jobs/limiter';
import type { JobOwner, JobRunner } from '@/lib/jobs/runner';
import { insertBatch, publicItem, readBatch, type StoredBatch } from './batch-store';
import { batchUrls, mayRead, type BatchReader } from './batch-access';
import type { BatchFinished } from './batch-finished';
import type { BulkItemPayload } from './bulk-item-kind';
import { createQueueControl, type BulkQueueControl } from './queue-control';
import { BULK_MESSAGES, type BulkBatch, type BulkRequest } from './schemas';

export type { BulkChoice, BulkItemOutcome } from './bulk-item-kind';

export interface StartedBatch {
  batchId: string;
  /** Where to read it; an anonymous batch's links carry its capability key. */
  statusUrl: string;
  zipUrl: string;
}

export interface BulkRunner extends BulkQueueControl {
  /** `owner` is the account the batch belongs to; `client` whose turn its items take among the jobs waiting. */
  start(request: BulkRequest, owner?: string | null, client?: JobOwner, later?: { startAt: number }): Promise<StartedBatch>;
  /** The batch as the API answers it, or undefined for an unknown or expired id or a reader who is not its owner. */
  get(batchId: string, reader: BatchReader): Promise<BulkBatch | undefined>;
  /** The batch with where each finished file is (server-side only: the ZIP reads it), for its owner only. */
  getStored(batchId: string, reader: BatchReader): Promise<StoredBatch | undefined>;
  /** Bulk items this process is running and holding queued right now, over every batch. */
  load(): LimiterLoad;
}

/**
 * Batches as the routes see them: the batch and its items are written to the store in one transaction, then
 * each item is a job of the bulk-item kind (one group a batch) on whichever runner the process has. The store
 * is what GET reads.
 */
export function createBulkRunner(
  runner: JobRunner,
  options: { ttlMs: () => number; now?: () => number; onFinished?: (batch: BatchFinished) => Promise<void> },
): BulkRunner {
  const now = options.now ?? Date.now;
  return {
    async start(request, owner = null, client, later) {
      const db = await runner.store();
      const id = newId('batch');
      // A batch marked "later" outside its download window waits, its items holding no slot, until the window opens.
      const delayMs = later ? Math.max(0, later.startAt - now()) : 0;
      const choice = {
        quality: request.quality, format: request.format, loudness: request.loudness ?? 'off', ...(request.saveToLibrary ? { saveToLibrary: true, libraryTemplate: request.libraryTemplate } : {}),
        ...(request.sponsorMark ? { sponsorMark: request.sponsorMark } : {}), ...(request.sponsorRemove ? { sponsorRemove: request.sponsorRemove } : {}),
        ...(request.split ? { split: request.exact ? 'exact' as const : 'copy' as const } : {}),
      };
      const items = await insertBatch(db, {
        id, owner, ...choice, urls: request.urls, message: delayMs > 0 ? BULK_MESSAGES.scheduled : BULK_MESSAGES.queued, now: now(),
        expiresAt: now() + delayMs + options.ttlMs(), ...(delayMs > 0 ? { scheduledFor: later!.startAt } : {}),
      });
      for (const item of items) {
        const payload: BulkItemPayload = { batchId: id, item: { id: item.id, url: item.url, position: item.position }, owner, choice };
        await runner.enqueue('bulk-item', { id: item.id, group: id, payload, owner: client, ...(delayMs > 0 ? { delayMs } : {}) });
      }
      return { batchId: id, ...batchUrls(id, owner) };
    },

    async get(batchId, reader) {
      const batch = await readBatch(await runner.store(), batchId, now());
      if (!batch || !mayRead(batch, reader)) return undefined;
      const done = batch.items.every((item) => ENDED_STATUSES.includes(item.status));
      const waiting = batch.scheduledFor !== null && batch.scheduledFor > now() && batch.items.some((item) => item.status === 'queued');
      return {
        batchId, ...batchUrls(batchId, batch.owner), quality: batch.quality, format: batch.format, items: batch.items.map(publicItem), done, total: batch.items.length,
        ...(waiting ? { scheduledFor: new Date(batch.scheduledFor!).toISOString() } : {}),
      };
    },

    async getStored(batchId, reader) {
      const batch = await readBatch(await runner.store(), batchId, now());
      return batch && mayRead(batch, reader) ? batch : undefined;
    },

    load: () => runner.load('bulk-item'),
    ...createQueueControl(runner, now, options.onFinished),
  };
}
