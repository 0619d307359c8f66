import 'server-only';
import type { Db } from '@/lib/db';
import { toAppError } from '@/lib/errors';
import { platformOf, type JobEnded } from '@/lib/jobs/download-kind';
import { CANCELLED_MESSAGE, INTERRUPTED_MESSAGE } from '@/lib/jobs/job-rows';
import type { JobContext, JobKind } from '@/lib/jobs/runner';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { reportIfFinished, type BatchFinished } from './batch-finished';
import { countItems, purgeExpiredBatches, replaceWithEntries, type ItemFile, type ItemState } from './batch-store';
import { expandableEntries } from './expand';
import { BULK_MAX_ITEMS, BULK_MESSAGES, type BulkFormat, type BulkItemStatus, type BulkQuality } from './schemas';

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

/** One item as its job carries it: enough to run on any process. */
export interface BulkItemPayload {
  batchId: string;
  item: { id: string; url: string; title?: string; position: number };
  owner: string | null;
  choice: BulkChoice;
}

export interface BulkItemKindDeps {
  /** `owner`: whose own platform cookies the composition root may add (to the analysis and the preparation alike). */
  analyze: (url: string, owner: string | null) => Promise<AnalyzedMedia>;
  /** Prepares one link's file for the choice, reporting 0..100 as it goes (the delivery engine's job). */
  prepare: (url: string, choice: BulkChoice, onProgress: (percent: number) => void, signal: AbortSignal, owner: string | null) => Promise<PreparedItem>;
  /** Items of one batch processed at once. */
  concurrency: number;
  now?: () => number;
  /** A signed-in owner's item has ended (history), once each; never allowed to change its outcome. */
  onItemFinished?: (outcome: BulkItemOutcome) => Promise<void>;
  /** A signed-in owner's batch has ended (the bell); never allowed to change an item's outcome. */
  onFinished?: (batch: BatchFinished) => Promise<void>;
  /** Any item that is a download has ended, whoever started it (the site's figures); never changes its outcome. */
  onEnded?: (outcome: JobEnded) => Promise<void>;
  /** Throws the API's error when the item's owner may start no more work now (its bytes for today are used up). */
  admit?: (owner: string) => Promise<void>;
  /** A file was prepared for the item's owner (its bytes count against the owner's day); never changes the outcome. */
  onPrepared?: (prepared: { owner: string; bytes: number; file: { mediaId: string; itag: string } }) => Promise<void>;
}

function failedState(error: unknown): ItemState {
  const appError = toAppError(error);
  // Each item keeps its own reason (one bad link never fails the others); unknown failures read 'Download failed'.
  const message = appError.code === 'internal' ? BULK_MESSAGES.failed : appError.message || BULK_MESSAGES.failed;
  return { status: 'failed', progress: 0, message, code: appError.code };
}

/**
 * The bulk item kind: each item analysed (a playlist or channel link becomes its entries, the batch capped at
 * 50), then prepared by the delivery engine. A batch's items share one group, so at most `concurrency` of
 * them run at once on a process.
 */
export function bulkItemKind(deps: BulkItemKindDeps): JobKind<BulkItemPayload, ItemState> {
  const now = deps.now ?? Date.now;

  // The batch's end is reported by whichever item sees every item ended and claims it first, on any process.
  const settled = async (context: JobContext<ItemState>, payload: BulkItemPayload, db: () => Promise<Db>) => {
    if (!payload.owner || !deps.onFinished) return;
    await reportIfFinished(await db(), payload.batchId, now(), context.once, deps.onFinished);
  };

  // Never throws: an item's outcome is decided before its owner's history hears of it.
  const itemFinished = async (payload: BulkItemPayload, outcome: Omit<BulkItemOutcome, 'owner' | 'choice'>) => {
    if (!payload.owner || !deps.onItemFinished) return;
    await deps.onItemFinished({ ...outcome, owner: payload.owner, choice: payload.choice })
      .catch((error) => console.error('[bulk] onItemFinished failed', error));
  };

  const ended = (ok: boolean, startedAt: number, facts: { code?: string; bytes?: number; media?: AnalyzedMedia; url: string; id: string; owner: string | null }) =>
    deps.onEnded?.({
      kind: 'bulk', ok, durationMs: now() - startedAt, code: facts.code, bytes: facts.bytes,
      platform: facts.media?.info.platform ?? platformOf(facts.url), job: { id: facts.id, owner: facts.owner },
    }).catch((error) => console.error('[bulk] onEnded failed', error));

  return {
    type: 'bulk-item',
    concurrency: deps.concurrency,
    active: ['pending', 'processing'],
    ended: ['completed', 'failed'],
    interrupted: { status: 'failed', progress: 0, message: INTERRUPTED_MESSAGE, code: 'unavailable' },
    cancelled: { status: 'failed', progress: 0, message: CANCELLED_MESSAGE, code: 'cancelled' },
    encode: ({ status, progress, message, ...rest }) => ({ status, progress, message, result: Object.keys(rest).length ? rest : null }),
    decode: (row) => ({ status: row.status as BulkItemStatus, progress: row.progress, message: row.message ?? '', ...(row.result ?? {}) }),
    purge: (db, at) => purgeExpiredBatches(db, at),
    async run(context, payload) {
      const { batchId, item, choice } = payload;
      const db = context.store;
      const startedAt = now();
      let title = item.title;
      let media: AnalyzedMedia | undefined;
      const processing = (progress: number) => ({ status: 'processing' as const, progress, message: BULK_MESSAGES.processing, title });
      await context.save(processing(0));
      try {
        await deps.admit?.(context.owner);
        media = await deps.analyze(item.url, payload.owner);
        title = media.info.title || title;
        const entries = expandableEntries(media);
        if (entries) {
          const store = await db();
          const room = BULK_MAX_ITEMS - (await countItems(store, batchId)) + 1;
          const added = await replaceWithEntries(store, { ...item, status: 'processing', progress: 0, message: '' }, batchId, entries.slice(0, Math.max(0, room)), {
            owner: null, message: BULK_MESSAGES.pending, now: now(),
          });
          for (const next of added) {
            await context.enqueue('bulk-item', { id: next.id, group: batchId, payload: { ...payload, item: { id: next.id, url: next.url, title: next.title, position: next.position } } });
          }
          return;
        }
        const prepared = await deps.prepare(item.url, choice, (percent) => {
          context.progress(processing(Math.max(0, Math.min(99, Math.floor(percent)))));
        }, context.signal, payload.owner);
        await deps.onPrepared?.({ owner: context.owner, bytes: prepared.size ?? 0, file: { mediaId: prepared.file.mediaId, itag: prepared.file.itag } }).catch((error) => console.error('[bulk] onPrepared failed', error));
        // Recorded before the item says it has ended, so a batch that reads as done is in the owner's history.
        await ended(true, startedAt, { bytes: prepared.size, media, url: item.url, id: context.id, owner: payload.owner });
        await itemFinished(payload, { url: item.url, status: 'completed', media, prepared });
        await context.save({
          status: 'completed', progress: 100, message: BULK_MESSAGES.completed,
          title: prepared.title || title, downloadUrl: prepared.downloadUrl, file: prepared.file,
        });
      } catch (error) {
        if (context.signal.aborted) return;
        await ended(false, startedAt, { code: toAppError(error).code, media, url: item.url, id: context.id, owner: payload.owner });
        await itemFinished(payload, { url: item.url, status: 'failed', media });
        await context.save({ ...failedState(error), title });
      }
      await settled(context, payload, db).catch((error) => console.error('[bulk] onFinished failed', error));
    },
  };
}
