import 'server-only';
import type { Caller } from '@/lib/auth/caller';
import { hasCompletedFile } from '@/lib/bulk/batch-store';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { checkedOffer } from '@/lib/media/deliver';
import { getAnalyzed } from '@/lib/media/analyze';
import { recordDownload, rowForOffer, rowForPostZip } from './record-download';

/**
 * GET /api/download/{id} has started answering a file: a signed-in caller's download goes into their history.
 * A ranged request past the first byte is a player or a resumed download of a file already recorded; so is a
 * file one of the caller's bulk batches made, recorded when its item completed however late its link is used.
 * Never throws: history is never a reason for a download to fail.
 */
export async function recordDelivery(
  db: Db,
  caller: Pick<Caller, 'accountId'>,
  headers: Headers,
  mediaId: string,
  query: { itag: string; ext?: string; item?: string },
  res: Response,
): Promise<void> {
  try {
    const userId = caller.accountId;
    if (!userId || !res.ok || !/^(bytes=0-.*)?$/.test(headers.get('range') ?? '')) return;
    const offer = checkedOffer(mediaId, query.itag, query);
    if (await hasCompletedFile(db, userId, { mediaId, itag: offer.plan.itag, ext: offer.plan.ext }, now())) return;
    const length = res.status === 200 ? Number(res.headers.get('content-length')) : NaN;
    await recordDownload(db, rowForOffer(userId, offer, 'ready', Number.isFinite(length) && length > 0 ? length : null));
  } catch (error) {
    console.error('[history] could not record a delivery', error);
  }
}

/**
 * GET /api/download/{id}/zip handed over a whole archive: it goes into the signed-in caller's history as one entry
 * (the caller is known before the archive streams, so a session that ends meanwhile still gets its entry). Never
 * throws: history is never a reason for a download to fail.
 */
export async function recordPostZip(db: Db, userId: string, mediaId: string, items: number, bytes: number): Promise<void> {
  try {
    const media = getAnalyzed(mediaId);
    if (!media) return;
    await recordDownload(db, rowForPostZip(userId, media.info, items, bytes));
  } catch (error) {
    console.error('[history] could not record a post archive', error);
  }
}
