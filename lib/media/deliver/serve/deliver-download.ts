import 'server-only';
import { clientAddress } from '@/lib/http/client-address';
import { withMeter } from '@/lib/http/metered-body';
import { engineEvents } from '@/lib/events';
import { streamsAsIs } from '@/lib/media/deliver/prepare/as-is';
import { acquireDownloadSlot } from '@/lib/media/deliver/prepare/limits';
import { labelsOf, loadCheckedOffer, prepareDownload } from '@/lib/media/deliver/prepare/prepare-download';
import { withSponsorSegments } from '@/lib/media/deliver/prepare/chapter-work';
import { expiredLink, type ResolvedOffer } from '@/lib/media/deliver/prepare/resolve-offer';
import type { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import type { DeliveryQuery } from '@/lib/media/trim/trim-range';
import { chapterChoices, type ChapterQuery } from '@/lib/media/chapters/delivery';
import { passthrough } from './passthrough';
import { serveFile } from './serve-file';

export interface DownloadRequest extends DeliveryQuery, ChapterQuery {
  mediaId: string;
  itag: string;
  ext?: string;
  item?: string;
  /** `subs=`: a text track to mux into the video. */
  subs?: string;
  /** `lang=`: the user's language (else the request's Accept-Language picks the audio track). */
  lang?: string;
  headers: Headers;
  /** The client: when it goes away, reading the origin (and any preparation only it waited for) stops. */
  signal: AbortSignal;
}

/**
 * The same answer, its body reported as the client takes it: the bytes in batches (all of them by the time the
 * body ends or the client goes away), then the time since `started` (the request). A meter on the body itself:
 * nothing per chunk, no extra stream.
 */
function reportedDelivery(offer: ResolvedOffer, res: Response, started: number): Response {
  const labels = labelsOf(offer);
  const bus = engineEvents();
  return withMeter(res, {
    count: (bytes) => void bus.emit('media.bytes', { ...labels, bytes }),
    end: (complete) => void bus.emit('media.delivered', { ...labels, seconds: (performance.now() - started) / 1000, complete }),
  });
}

/** The name a file is saved under: a clip says which stretch it is, in seconds (file names cannot hold colons). */
function fileTitle(offer: ResolvedOffer): string {
  const cut = offer.delivery.trim;
  return cut ? `${offer.title} (${cut.start}-${cut.end} s)` : offer.title;
}

/**
 * GET /api/download/{id}: a prepared file when there is one (Range, exact length); else a passthrough from the
 * origin when the offer needs no work (and no cut); else prepare once, shared with concurrent requests, then serve
 * the file. The caller's download slot is held until the body ends or the client goes away.
 */
export async function deliverDownload(files: SharedPreparations, req: DownloadRequest): Promise<Response> {
  const started = performance.now();
  const offer = await loadCheckedOffer(req.mediaId, req.itag, {
    ...req, ...chapterChoices(req), languages: req.lang ?? req.headers.get('accept-language') ?? undefined,
  });
  const release = acquireDownloadSlot(clientAddress(req.headers));
  // A file split by its chapters is a ZIP of them.
  const meta = { title: fileTitle(offer), ext: offer.delivery.split ? 'zip' : offer.plan.ext, range: req.headers.get('range') };
  try {
    const ready = await files.peek(offer.key);
    if (ready) return reportedDelivery(offer, await serveFile(files, ready, meta, release), started);
    // SponsorBlock is asked first: a video it has no segments for may still stream from the origin as it is.
    const asked = offer.delivery.sponsor ? await withSponsorSegments(offer, req.signal) : offer;
    const asIs = offer.plan.action === 'passthrough' && !offer.delivery.trim && !offer.subtitle && !offer.delivery.loudness
      && !offer.delivery.split && !asked.delivery.sponsor?.segments?.length && !offer.media.extraction.chapters?.length;
    const source = asIs ? (offer.plan.image ?? offer.plan.video ?? offer.plan.audio) : undefined;
    // Streamed from the origin untouched only when the bytes already play everywhere; else prepared (remuxed).
    if (source?.protocol === 'http' && (await streamsAsIs(offer.plan, source, req.signal))) return reportedDelivery(offer, await passthrough(source, { ...meta, signal: req.signal }, release), started);
    const file = await prepareDownload(files, asked, { signal: req.signal });
    return reportedDelivery(offer, await serveFile(files, file, meta, release), started);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A file kept in the store past its analysis (a followed creator's background download), served by its key
 * with Range; gone or expired, it is an expired link. The caller's download slot is held as for any download.
 */
export async function deliverStoredFile(files: SharedPreparations, file: { key: string; title: string; ext: string }, headers: Headers): Promise<Response> {
  const ready = await files.peek(file.key);
  if (!ready) throw expiredLink();
  const release = acquireDownloadSlot(clientAddress(headers));
  try {
    return await serveFile(files, ready, { title: file.title, ext: file.ext, range: headers.get('range') }, release);
  } catch (error) {
    release();
    throw error;
  }
}
