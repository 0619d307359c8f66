import 'server-only';
import type { BulkItemOutcome } from '@/lib/bulk/bulk-item-kind';
import type { Db } from '@/lib/db';
import type { DownloadJobOutcome } from '@/lib/downloads/download-kind';
import { createNotification } from '@/lib/notifications/notifications-store';
import { recordDownload, rowForFailedLink, rowForOffer } from './record-download';

/**
 * A signed-in user's file job has ended: it goes into their history, ready or failed — a link that failed before
 * an offer was picked too, as failed (with its title when it analysed), so the overview's success rate counts it.
 */
async function record(
  db: Db, { owner, status, offer, file }: Pick<DownloadJobOutcome, 'owner' | 'status' | 'offer' | 'file'>,
  url: string, choice: { quality: string; format: string }, title?: string,
): Promise<void> {
  const row = offer ? rowForOffer(owner, offer, status, file?.size) : status === 'failed' ? rowForFailedLink(owner, url, choice, title) : undefined;
  if (row) await recordDownload(db, row);
}

/** A download job (POST /api/media/download) has ended: its history entry, and the bell says so. */
export async function onDownloadJobFinished(db: Db, outcome: DownloadJobOutcome): Promise<void> {
  await record(db, outcome, outcome.request.url, outcome.request);
  const ready = outcome.status === 'ready';
  await createNotification(db, outcome.owner, {
    kind: ready ? 'download_ready' : 'download_failed',
    title: ready ? 'Download ready' : 'Download failed',
    body: outcome.offer?.title || outcome.message || null,
  });
}

/** An item of a bulk batch has ended: its history entry (its link and the batch's ZIP record nothing more). */
export const onBulkItemFinished = (db: Db, outcome: BulkItemOutcome) => record(db, outcome, outcome.url, outcome.choice, outcome.media?.info.title);
