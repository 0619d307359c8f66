import 'server-only';
import { chapterChoices } from '@/lib/media/chapters/delivery';
import { loadCheckedOffer, prepareDownload } from '@/lib/media/deliver';
import type { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import type { ItemFile } from './batch-store';

/**
 * A completed item's bytes for the ZIP: the prepared file while it lives; after it expired, prepared again
 * (which fails with "This link has expired" once the analysis has expired too).
 */
export async function openItemFile(files: SharedPreparations, file: ItemFile): Promise<AsyncIterable<Uint8Array>> {
  const offer = await loadCheckedOffer(file.mediaId, file.itag, {
    ext: file.ext, ...(file.loudness ? { loudness: file.loudness } : {}), ...chapterChoices({ sponsorMark: file.sponsorMark, sponsorRemove: file.sponsorRemove, split: file.split !== undefined, exact: file.split === 'exact' }),
  });
  const ready = (await files.peek(offer.key)) ?? (await prepareDownload(files, offer));
  return files.read(ready);
}
