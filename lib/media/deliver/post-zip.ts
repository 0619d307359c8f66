import 'server-only';
import { AppError } from '@/lib/errors';
import { clientAddress } from '@/lib/http/client-address';
import { getAnalyzed, loadAnalyzed } from '@/lib/media/analyze';
import { createNameAllocator } from '@/lib/zip/entry-names';
import { zipStream, type ZipSource } from '@/lib/zip/zip-stream';
import { checkedOffer, prepareDownload } from './deliver-download';
import { acquireDownloadSlot } from './limits';
import { expiredLink, type ResolvedOffer } from './resolve-offer';
import { getPreparations } from './shared-preparations';

export interface PostZipRequest {
  mediaId: string;
  headers: Headers;
  /** The client: when it goes away, the preparation only it waited for stops. */
  signal?: AbortSignal;
}

/**
 * Every item's default offer (the first of its formats: the MP4 that plays everywhere, the photo as it is, the
 * sound), each checked against the limits before a byte is sent, so a refused item is a clear error, not a
 * broken archive.
 */
export function postOffers(mediaId: string): ResolvedOffer[] {
  const media = getAnalyzed(mediaId);
  if (!media) throw expiredLink();
  const items = media.info.items ?? [];
  const offers = items.flatMap((item) => (item.formats[0] ? [checkedOffer(mediaId, item.formats[0].itag)] : []));
  if (offers.length === 0) throw new AppError('invalid_request', 'This media is not a post with several items');
  return offers;
}

/**
 * GET /api/download/{id}/zip: all items of a post as one ZIP, streamed as it is built, named after each item's
 * title (made safe and unique), in the post's order. Each file is prepared (or fetched) when its turn comes, shared
 * with a single download of the same offer; the archive holds one of the caller's download slots until it ends.
 */
export async function postZip(req: PostZipRequest): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  // The post may have been analysed on another node: bring its analysis here first.
  await loadAnalyzed(req.mediaId);
  const offers = postOffers(req.mediaId);
  const release = acquireDownloadSlot(clientAddress(req.headers));
  const nameFor = createNameAllocator();
  const sources: ZipSource[] = offers.map((offer) => ({
    name: nameFor(offer.title, offer.plan.ext),
    open: async () => {
      const ready = (await getPreparations().peek(offer.key)) ?? (await prepareDownload(offer, { signal: req.signal }));
      return getPreparations().read(ready);
    },
  }));
  const title = getAnalyzed(req.mediaId)?.info.title ?? 'post';
  return { stream: zipStream(sources, { onEnd: release }), filename: title };
}
