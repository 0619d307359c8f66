import 'server-only';
import { AppError } from '@/lib/errors';
import { clientAddress } from '@/lib/http/client-address';
import { getAnalyzed, loadAnalyzed } from '@/lib/media/analyze';
import { checkedOffer, prepareDownload } from '@/lib/media/deliver/prepare/prepare-download';
import { acquireDownloadSlot } from '@/lib/media/deliver/prepare/limits';
import { expiredLink, type ResolvedOffer } from '@/lib/media/deliver/prepare/resolve-offer';
import type { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import type { LoudnessChoice } from '@/lib/media/loudness/targets';
import { createNameAllocator } from '@/lib/zip/entry-names';
import { zipStream, type ZipOutcome, type ZipSource } from '@/lib/zip/zip-stream';

export interface PostZipRequest {
  mediaId: string;
  headers: Headers;
  /** The client: when it goes away, the preparation only it waited for stops. */
  signal?: AbortSignal;
  /** What every item's sound is normalised to (a photo is left as it is); absent or 'off': as the source has it. */
  loudness?: LoudnessChoice;
  /** Runs once the whole archive was handed over: its size and how many items it holds. */
  onComplete?: (bytes: number, items: number) => void;
}

/**
 * Every item's default offer (the first of its formats: the MP4 that plays everywhere, the photo as it is, the
 * sound), each checked against the limits before a byte is sent, so a refused item is a clear error, not a
 * broken archive. A slideshow's video is left out: its pictures and sound are in the archive already.
 */
export function postOffers(mediaId: string, opts: { loudness?: LoudnessChoice } = {}): ResolvedOffer[] {
  const media = getAnalyzed(mediaId);
  if (!media) throw expiredLink();
  const items = media.info.items ?? [];
  const offers = items
    .flatMap((item) => (item.formats[0] ? [checkedOffer(mediaId, item.formats[0].itag, { loudness: opts.loudness })] : []))
    .filter((offer) => !offer.plan.slides);
  if (offers.length === 0) throw new AppError('invalid_request', 'This media is not a post with several items');
  return offers;
}

/**
 * GET /api/download/{id}/zip: all items of a post as one ZIP, streamed as it is built, named after each item's
 * title (made safe and unique), in the post's order. Each file is prepared (or fetched) when its turn comes, shared
 * with a single download of the same offer; the archive holds one of the caller's download slots until it ends.
 */
export async function postZip(files: SharedPreparations, req: PostZipRequest): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  // The post may have been analysed on another node: bring its analysis here first.
  await loadAnalyzed(req.mediaId);
  const offers = postOffers(req.mediaId, { loudness: req.loudness });
  const release = acquireDownloadSlot(clientAddress(req.headers));
  const nameFor = createNameAllocator();
  const sources: ZipSource[] = offers.map((offer) => ({
    name: nameFor(offer.title, offer.plan.ext),
    open: async () => {
      const ready = (await files.peek(offer.key)) ?? (await prepareDownload(files, offer, { signal: req.signal }));
      return files.read(ready);
    },
  }));
  const title = getAnalyzed(req.mediaId)?.info.title ?? 'post';
  const onEnd = ({ complete, bytes }: ZipOutcome) => {
    release();
    if (complete) req.onComplete?.(bytes, sources.length);
  };
  return { stream: zipStream(sources, { onEnd }), filename: title };
}
