import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { toAppError } from '@/lib/errors';
import { createJobStoreAccess } from '@/lib/jobs/job-store-access';
import type { JobEnded } from '@/lib/jobs/download-jobs';
import { createLimiter, type Limiter, type LimiterLoad } from '@/lib/jobs/limiter';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import {
  countItems, insertBatch, interruptItems, publicItem, purgeExpiredBatches, readBatch, replaceWithEntries, saveItem,
  type ItemFile, type ItemState, type StoredBatch, type StoredItem,
} from './batch-store';
import { batchUrls, mayRead, type BatchReader } from './batch-access';
import { expandableEntries } from './expand';
import { BULK_MAX_ITEMS, BULK_MESSAGES, type BulkBatch, type BulkFormat, type BulkQuality, type BulkRequest } from './schemas';

export interface BulkChoice {
  quality: BulkQuality;
  format: BulkFormat;
}

export interface PreparedItem {
  title: string;
  downloadUrl: string;
  file: ItemFile;
  /** bytes */
  size?: number;
}

/** How one item of a signed-in owner's batch ended (their history). */
export interface BulkItemOutcome {
  owner: string;
  /** The item's link (history keeps only its platform and media reference). */
  url: string;
  status: 'completed' | 'failed';
  choice: BulkChoice;
  /** Present once the link analysed: a link that never did is no download. */
  media?: AnalyzedMedia;
  /** The completed item's file. */
  prepared?: PreparedItem;
}

export interface BulkRunnerOptions {
  db: () => Promise<Db>;
  analyze: (url: string) => Promise<AnalyzedMedia>;
  /** Prepares one link's file for the choice, reporting 0..100 as it goes (the delivery engine's job). */
  prepare: (url: string, choice: BulkChoice, onProgress: (percent: number) => void) => Promise<PreparedItem>;
  /** Items of one batch processed at once. */
  concurrency: number;
  ttlMs: () => number;
  now?: () => number;
  /** A signed-in owner's item has ended (history), once each; never allowed to change its outcome. */
  onItemFinished?: (outcome: BulkItemOutcome) => Promise<void>;
  /** A signed-in owner's batch has ended (the bell); never allowed to change an item's outcome. */
  onFinished?: (batch: { owner: string; ready: number; total: number }) => Promise<void>;
  /** Any item that is a download has ended, whoever started it (the site's figures); never changes its outcome. */
  onEnded?: (outcome: JobEnded) => Promise<void>;
}

/** One running batch, as each of its items needs it. */
interface BatchRun {
  id: string;
  owner: string | null;
  choice: BulkChoice;
  schedule: (item: StoredItem) => void;
}

export interface StartedBatch {
  batchId: string;
  /** Where to read it; an anonymous batch's links carry its capability key. */
  statusUrl: string;
  zipUrl: string;
}

export interface BulkRunner {
  start(request: BulkRequest, owner?: string | null): Promise<StartedBatch>;
  /** The batch as the API answers it, or undefined for an unknown or expired id or a reader who is not its owner. */
  get(batchId: string, reader: BatchReader): Promise<BulkBatch | undefined>;
  /** The batch with where each finished file is (server-side only: the ZIP reads it), for its owner only. */
  getStored(batchId: string, reader: BatchReader): Promise<StoredBatch | undefined>;
  /** Bulk items this process is running and holding queued right now, over every batch. */
  load(): LimiterLoad;
}

const INTERRUPTED = 'Interrupted by a server restart';
const PROGRESS_EVERY_MS = 250;

function failedState(error: unknown): ItemState {
  const appError = toAppError(error);
  // Each item keeps its own reason (one bad link never fails the others); unknown failures read 'Download failed'.
  const message = appError.code === 'internal' ? BULK_MESSAGES.failed : appError.message || BULK_MESSAGES.failed;
  return { status: 'failed', progress: 0, message, code: appError.code };
}

/**
 * Runs batches in this process: each item analysed (a playlist or channel link becomes its entries, the batch
 * capped at 50), then prepared by the delivery engine, at most `concurrency` items of a batch at a time.
 * Every state is written to the store, which is what GET reads.
 */
export function createBulkRunner(options: BulkRunnerOptions): BulkRunner {
  const now = options.now ?? Date.now;
  const store = createJobStoreAccess({
    name: 'bulk', db: options.db, now, purge: purgeExpiredBatches,
    recover: (db, startedBefore, at) => interruptItems(db, startedBefore, INTERRUPTED, at),
  });

  const save = async (id: string, state: ItemState) => {
    try {
      await saveItem(await store(), id, state, now());
    } catch (error) {
      console.error('[bulk] could not save item state', id, error);
    }
  };

  // Each batch's limiter while it has items running or waiting: dropped when its last item ends.
  const limiters = new Set<Limiter>();

  // Batches of signed-in owners still running; deleting the entry is what lets only one last item report the end.
  const owners = new Map<string, string>();
  const settled = async (batchId: string) => {
    const owner = owners.get(batchId);
    if (!owner || !options.onFinished) return;
    const batch = await readBatch(await store(), batchId, now());
    if (!batch || batch.items.some((item) => item.status === 'pending' || item.status === 'processing')) return;
    if (!owners.delete(batchId)) return;
    const ready = batch.items.filter((item) => item.status === 'completed').length;
    await options.onFinished({ owner, ready, total: batch.items.length });
  };

  // Never throws: an item's outcome is decided before its owner's history hears of it.
  const itemFinished = async (run: BatchRun, outcome: Omit<BulkItemOutcome, 'owner' | 'choice'>) => {
    if (!run.owner || !options.onItemFinished) return;
    try {
      await options.onItemFinished({ ...outcome, owner: run.owner, choice: run.choice });
    } catch (error) {
      console.error('[bulk] onItemFinished failed', error);
    }
  };

  const ended = (ok: boolean, startedAt: number, code?: string) =>
    options.onEnded?.({ kind: 'bulk', ok, durationMs: now() - startedAt, code }).catch((error) => console.error('[bulk] onEnded failed', error));

  const runItem = async (run: BatchRun, item: StoredItem) => {
    const { id: batchId, choice, schedule } = run;
    const startedAt = now();
    let title = item.title;
    let media: AnalyzedMedia | undefined;
    const processing = (progress: number) => ({ status: 'processing' as const, progress, message: BULK_MESSAGES.processing, title });
    await save(item.id, processing(0));
    try {
      media = await options.analyze(item.url);
      title = media.info.title || title;
      const entries = expandableEntries(media);
      if (entries) {
        const db = await store();
        const room = BULK_MAX_ITEMS - (await countItems(db, batchId)) + 1;
        const added = await replaceWithEntries(db, item, batchId, entries.slice(0, Math.max(0, room)), {
          owner: null, message: BULK_MESSAGES.pending, now: now(),
        });
        added.forEach(schedule);
        return;
      }
      await save(item.id, processing(0));
      let lastWrite = 0;
      let lastPercent = 0;
      const prepared = await options.prepare(item.url, choice, (percent) => {
        const value = Math.max(0, Math.min(99, Math.floor(percent)));
        if (value === lastPercent || now() - lastWrite < PROGRESS_EVERY_MS) return;
        lastPercent = value;
        lastWrite = now();
        void save(item.id, processing(value));
      });
      // Recorded before the item says it has ended, so a batch that reads as done is in the owner's history.
      await ended(true, startedAt);
      await itemFinished(run, { url: item.url, status: 'completed', media, prepared });
      await save(item.id, {
        status: 'completed', progress: 100, message: BULK_MESSAGES.completed,
        title: prepared.title || title, downloadUrl: prepared.downloadUrl, file: prepared.file,
      });
    } catch (error) {
      await ended(false, startedAt, toAppError(error).code);
      await itemFinished(run, { url: item.url, status: 'failed', media });
      await save(item.id, { ...failedState(error), title });
    }
    await settled(batchId).catch((error) => console.error('[bulk] onFinished failed', error));
  };

  return {
    async start(request, owner = null) {
      const db = await store();
      const id = newId('batch');
      const choice = { quality: request.quality, format: request.format };
      const items = await insertBatch(db, {
        id, owner, ...choice, urls: request.urls, message: BULK_MESSAGES.pending, now: now(), expiresAt: now() + options.ttlMs(),
      });
      if (owner) owners.set(id, owner);
      const limit = createLimiter(Math.max(1, options.concurrency));
      limiters.add(limit);
      const idle = () => limit.load().running + limit.load().waiting === 0;
      const run: BatchRun = {
        id, owner, choice,
        schedule: (item) => void limit(() => runItem(run, item)).finally(() => idle() && limiters.delete(limit)),
      };
      items.forEach(run.schedule);
      return { batchId: id, ...batchUrls(id, owner) };
    },

    async get(batchId, reader) {
      const batch = await readBatch(await store(), batchId, now());
      if (!batch || !mayRead(batch, reader)) return undefined;
      const items = batch.items.map(publicItem);
      const done = items.every((item) => item.status === 'completed' || item.status === 'failed');
      return { batchId, ...batchUrls(batchId, batch.owner), quality: batch.quality, format: batch.format, items, done, total: items.length };
    },

    async getStored(batchId, reader) {
      const batch = await readBatch(await store(), batchId, now());
      return batch && mayRead(batch, reader) ? batch : undefined;
    },

    load() {
      const total = { running: 0, waiting: 0 };
      for (const limit of limiters) {
        const { running, waiting } = limit.load();
        total.running += running;
        total.waiting += waiting;
      }
      return total;
    },
  };
}
