import 'server-only';
import { chapterChoices } from '@/lib/media/chapters/delivery';
import { getPreparations, loadCheckedOffer, prepareDownload } from '@/lib/media/deliver';
import type { ItemFile } from './batch-store';

/**
 * A completed item's bytes for the ZIP: the prepared file while it lives; after it expired, prepared again
 * (which fails with "This link has expired" once the analysis has expired too).
 */
export async function openItemFile(file: ItemFile): Promise<AsyncIterable<Uint8Array>> {
  const offer = await loadCheckedOffer(file.mediaId, file.itag, {
    ext: file.ext, ...(file.loudness ? { loudness: file.loudness } : {}), ...chapterChoices({ sponsorMark: file.sponsorMark, sponsorRemove: file.sponsorRemove }),
  });
  const ready = (await getPreparations().peek(offer.key)) ?? (await prepareDownload(offer));
  return getPreparations().read(ready);
}
