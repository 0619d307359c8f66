import 'server-only';
import type { BulkItemOutcome } from '@/lib/bulk/bulk-runner';
import { bulkOffer } from '@/lib/bulk/deliver-item';
import { getDb } from '@/lib/db';
import { checkedOffer, type ResolvedOffer } from '@/lib/media/deliver';
import { recordDownload, rowForOffer } from './record-download';

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
 * An item of a signed-in user's bulk batch has ended: it goes into their history the way a download job does —
 * once its media was known and an offer picked (a link that never analysed is no download), completed or failed.
 * Its link and the batch's ZIP record nothing more (lib/history/delivery-hook.ts).
 */
export async function onBulkItemFinished(outcome: BulkItemOutcome): Promise<void> {
  const offer = offerOf(outcome);
  if (!offer) return;
  await recordDownload(await getDb(), rowForOffer(outcome.owner, offer, outcome.status, outcome.prepared?.size));
}
