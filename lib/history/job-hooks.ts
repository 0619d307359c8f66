import 'server-only';
import { getDb } from '@/lib/db';
import type { DownloadJobOutcome } from '@/lib/jobs/download-jobs';
import { createNotification } from '@/lib/notifications/notifications-store';
import { recordDownload, rowForFailedLink, rowForOffer } from './record-download';

/**
 * A signed-in user's download job (POST /api/media/download) has ended: it goes into their history — a link
 * that failed before an offer was picked as failed, so the success rate counts it — and the bell says so.
 */
export async function onDownloadJobFinished(outcome: DownloadJobOutcome): Promise<void> {
  const db = await getDb();
  const ready = outcome.status === 'ready';
  if (outcome.offer) {
    await recordDownload(db, rowForOffer(outcome.owner, outcome.offer, ready ? 'completed' : 'failed', outcome.file?.size));
  } else if (!ready) {
    await recordDownload(db, rowForFailedLink(outcome.owner, outcome.request.url, outcome.request));
  }
  await createNotification(db, outcome.owner, {
    kind: ready ? 'download_ready' : 'download_failed',
    title: ready ? 'Download ready' : 'Download failed',
    body: outcome.offer?.title || outcome.message || null,
  });
}
