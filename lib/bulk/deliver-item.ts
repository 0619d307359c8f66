import 'server-only';
import { analyzeMedia, type AnalyzedMedia, type AnalyzeOptions } from '@/lib/media/analyze';
import { checkedOffer, getPreparations, loadCheckedOffer, prepareDownload, type ResolvedOffer } from '@/lib/media/deliver';
import type { ItemFile } from './batch-store';
import { pickBulkPlan } from './bulk-pick';
import type { BulkChoice, PreparedItem } from './bulk-item-kind';

const downloadUrlOf = (file: ItemFile) =>
  `/api/download/${encodeURIComponent(file.mediaId)}?itag=${encodeURIComponent(file.itag)}&ext=${encodeURIComponent(file.ext)}`;

/**
 * The offer for the batch's choice, checked against the limits (throws like a download job's pick); an
 * audio-only link asked for video gets its audio.
 */
export function bulkOffer(media: AnalyzedMedia, choice: BulkChoice): ResolvedOffer {
  return checkedOffer(media.info.id, pickBulkPlan(media, choice).itag);
}

/**
 * One bulk item the way a download job does it (the same pickOffer, checkedOffer and prepareDownload): analyse
 * (cached), pick the offer for the batch's choice, check the limits, prepare the file (shared with a single
 * download of the same offer), and hand back the same /api/download link a single download gets.
 */
export async function prepareBulkItem(
  url: string, choice: BulkChoice, onProgress: (percent: number) => void, signal?: AbortSignal, analysis: AnalyzeOptions = {},
): Promise<PreparedItem> {
  // The same options as the item's analysis (its owner's cookies), so this finds that analysis and not another.
  const media = await analyzeMedia(url, analysis);
  const offer = bulkOffer(media, choice);
  const ready = await prepareDownload(offer, { onProgress: (fraction) => onProgress(fraction * 100), signal });
  const file = { mediaId: media.info.id, itag: offer.plan.itag, ext: offer.plan.ext };
  return { title: offer.title, downloadUrl: downloadUrlOf(file), file, size: ready.size };
}

/**
 * A completed item's bytes for the ZIP: the prepared file while it lives; after it expired, prepared again
 * (which fails with "This link has expired" once the analysis has expired too).
 */
export async function openItemFile(file: ItemFile): Promise<AsyncIterable<Uint8Array>> {
  const offer = await loadCheckedOffer(file.mediaId, file.itag, { ext: file.ext });
  const ready = (await getPreparations().peek(offer.key)) ?? (await prepareDownload(offer));
  return getPreparations().read(ready);
}
