import 'server-only';
import { getDb } from '@/lib/db';
import type { DownloadJobOutcome } from '@/lib/jobs/download-jobs';
import { createNotification } from '@/lib/notifications/notifications-store';
import { recordDownload, rowForOffer } from './record-download';

/**
 * A signed-in user's download job (POST /api/media/download) has ended: it goes into their history (once the
 * media was known — a link that never analysed is no download) and the bell says so.
 */
export async function onDownloadJobFinished(outcome: DownloadJobOutcome): Promise<void> {
  const db = await getDb();
  const ready = outcome.status === 'ready';
  if (outcome.offer) {
    await recordDownload(db, rowForOffer(outcome.owner, outcome.offer, ready ? 'completed' : 'failed', outcome.file?.size));
  }
  await createNotification(db, outcome.owner, {
    kind: ready ? 'download_ready' : 'download_failed',
    title: ready ? 'Download ready' : 'Download failed',
    body: outcome.offer?.title || outcome.message || null,
  });
}
