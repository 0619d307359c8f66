import 'server-only';
import { downloadUrl } from '@/lib/downloads/download-url';
import { pickBulkPlan } from '@/lib/downloads/pick-offer';
import { jobBasics, prepareFile, type FileOutcome, type PrepareDeps } from '@/lib/downloads/prepare-file';
import type { JobKind } from '@/lib/jobs/runner';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { chapterChoices, chapterQueryOf, type SplitMode } from '@/lib/media/chapters/delivery';
import { checkedOffer, splittable, withSponsorSegments, type ResolvedOffer } from '@/lib/media/deliver';
import { reportIfFinished, type BatchFinished } from './batch-finished';
import { countItems, replaceWithEntries, purgeExpiredBatches, type ItemState } from './batch-store';
import { expandableEntries } from './expand';
import { BULK_MAX_ITEMS, BULK_MESSAGES, type BulkRequest } from './schemas';

export type BulkChoice = Pick<BulkRequest, 'quality' | 'format' | 'loudness' | 'saveToLibrary' | 'libraryTemplate' | 'sponsorMark' | 'sponsorRemove'> & {
  /** Each item of a media with chapters as one file per chapter (a ZIP), cut by copy or exactly. */
  split?: SplitMode;
};

/**
 * How one item of a signed-in owner's batch ended (their history): its link (history keeps only its platform and
 * media reference), and what came of it — a link that never analysed is no download.
 */
export type BulkItemOutcome = Omit<FileOutcome, 'code' | 'message'> & { owner: string; url: string; choice: BulkChoice };

/** One item as its job carries it: enough to run on any process. */
export interface BulkItemPayload {
  batchId: string;
  item: { id: string; url: string; title?: string; position: number };
  owner: string | null;
  choice: BulkChoice;
}

export interface BulkItemKindDeps extends PrepareDeps {
  /** Items of one batch processed at once. */
  concurrency: number;
  /** The offer for the batch's choice in the item's media (default `bulkOffer`). */
  pick?: (media: AnalyzedMedia, choice: BulkChoice) => ResolvedOffer | Promise<ResolvedOffer>;
  /** A signed-in owner's item has ended (history), once each; never allowed to change its outcome. */
  onItemFinished?: (outcome: BulkItemOutcome) => Promise<void>;
  /** A signed-in owner's batch has ended (the bell); never allowed to change an item's outcome. */
  onFinished?: (batch: BatchFinished) => Promise<void>;
  /** Throws the API's error when the item's owner may start no more work now (its bytes for today are used up). */
  admit?: (owner: string) => Promise<void>;
}

/**
 * The offer for the batch's choice, checked against the limits (throws like a download job's pick); an
 * audio-only link asked for video gets its audio. A batch split by chapters splits the items that have chapters
 * and delivers the others whole.
 */
function bulkOffer(media: AnalyzedMedia, choice: BulkChoice): Promise<ResolvedOffer> {
  const { itag } = pickBulkPlan(media, choice);
  const sponsor = { sponsorMark: choice.sponsorMark, sponsorRemove: choice.sponsorRemove };
  const split = choice.split && splittable(checkedOffer(media.info.id, itag)) ? { split: true, exact: choice.split === 'exact' } : {};
  return withSponsorSegments(checkedOffer(media.info.id, itag, { loudness: choice.loudness, ...chapterChoices({ ...sponsor, ...split }) }));
}

/**
 * The bulk item kind: each item made into its file the way a download job is (lib/downloads/prepare-file.ts), with
 * the batch's choice; a playlist or channel link becomes its entries instead, the batch capped at 50. A batch's
 * items share one group, so at most `concurrency` of them run at once on a process.
 */
export function bulkItemKind(deps: BulkItemKindDeps): JobKind<BulkItemPayload, ItemState> {
  const now = deps.now ?? Date.now;
  const pick = deps.pick ?? bulkOffer;

  return {
    type: 'bulk-item',
    concurrency: deps.concurrency,
    ...jobBasics(0),
    purge: (db, at) => purgeExpiredBatches(db, at),
    async run(context, payload) {
      const { batchId, item, choice, owner } = payload;
      const startedAt = now();
      let title = item.title;
      const processing = (progress: number) => ({ status: 'processing' as const, progress, message: BULK_MESSAGES.processing, title });
      await context.save(processing(0));
      const outcome = await prepareFile(deps, context, {
        kind: 'bulk', url: item.url, owner, startedAt,
        admit: async () => deps.admit?.(context.fairShareKey),
        async analyzed(media) {
          title = media.info.title || title;
          const entries = expandableEntries(media);
          if (!entries) return true;
          const store = await context.store();
          const room = BULK_MAX_ITEMS - (await countItems(store, batchId)) + 1;
          const added = await replaceWithEntries(store, { ...item, status: 'processing', progress: 0, message: '' }, batchId, entries.slice(0, Math.max(0, room)), {
            owner: null, message: BULK_MESSAGES.queued, now: now(),
          });
          for (const next of added) {
            await context.enqueue('bulk-item', { id: next.id, group: batchId, payload: { ...payload, item: { id: next.id, url: next.url, title: next.title, position: next.position } } });
          }
          return false;
        },
        pick: (media) => pick(media, choice),
        progress: (fraction) => context.progress(processing(Math.max(0, Math.min(99, Math.floor(fraction * 100))))),
        async finish({ status, media, offer, file, code, message }) {
          // Recorded before the item says it has ended, so a batch that reads as done is in the owner's history.
          if (owner && deps.onItemFinished) {
            await deps.onItemFinished({ owner, url: item.url, status, choice, media, offer, file })
              .catch((failure) => console.error('[bulk] onItemFinished failed', failure));
          }
          if (offer && file) {
            const { loudness, sponsor, split } = offer.delivery;
            const itemFile = {
              mediaId: offer.media.info.id, itag: offer.plan.itag, ext: offer.plan.ext, ...(loudness ? { loudness } : {}),
              ...(sponsor ? { sponsorMark: sponsor.mark, sponsorRemove: sponsor.remove } : {}), ...(split ? { split } : {}),
            };
            await context.save({
              status: 'ready', progress: 100, message: BULK_MESSAGES.ready,
              title: offer.title || title, downloadUrl: downloadUrl(itemFile.mediaId, { ...itemFile, chapters: chapterQueryOf(offer.delivery) }), file: itemFile,
            });
          } else {
            // Each item keeps its own reason: one bad link never fails the others.
            await context.save({ status: 'failed', progress: 0, message: message ?? BULK_MESSAGES.failed, code, title });
          }
        },
      });
      // The batch's end is reported by whichever item sees every item ended and claims it first, on any process.
      const onFinished = deps.onFinished;
      if (!outcome || !owner || !onFinished) return;
      await context.store().then((db) => reportIfFinished(db, batchId, now(), context.once, onFinished))
        .catch((error) => console.error('[bulk] onFinished failed', error));
    },
  };
}
