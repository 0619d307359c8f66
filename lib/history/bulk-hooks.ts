import 'server-only';
import type { BulkItemOutcome } from '@/lib/bulk/bulk-runner';
import { bulkOffer } from '@/lib/bulk/deliver-item';
import { getDb } from '@/lib/db';
import { checkedOffer, type ResolvedOffer } from '@/lib/media/deliver';
import { recordDownload, rowForFailedLink, rowForOffer } from './record-download';

/** The completed item's own file, else the offer the batch's choice meant; none when there was no such offer. */
function offerOf({ media, prepared, choice }: BulkItemOutcome): ResolvedOffer | undefined {
  try {
    if (prepared) return checkedOffer(prepared.file.mediaId, prepared.file.itag, { ext: prepared.file.ext });
    return media && bulkOffer(media, choice);
  } catch {
    return undefined;
  }
}

/**
 * An item of a signed-in user's bulk batch has ended: it goes into their history the way a download job does,
 * completed or failed — a link that failed before an offer was picked too, as failed, so the overview's success
 * rate counts it. Its link and the batch's ZIP record nothing more (lib/history/delivery-hook.ts).
 */
export async function onBulkItemFinished(outcome: BulkItemOutcome): Promise<void> {
  const offer = offerOf(outcome);
  const row = offer
    ? rowForOffer(outcome.owner, offer, outcome.status, outcome.prepared?.size)
    : outcome.status === 'failed' ? rowForFailedLink(outcome.owner, outcome.url, outcome.choice, outcome.media?.info.title) : undefined;
  if (row) await recordDownload(await getDb(), row);
}
