import 'server-only';
import { clientAddress } from '@/lib/http/client-address';
import { AppError } from '@/lib/errors';
import { loadAnalyzed } from '@/lib/media/analyze';
import { trimRangeOf, type DeliveryQuery } from '@/lib/media/trim/trim-range';
import type { SourceFormat } from '@/lib/media/types';
import { streamsAsIs } from './as-is';
import { fileTagsOf } from './file-tags';
import { acquireDownloadSlot, assertDurationAllowed, assertSizeAllowed } from './limits';
import { reportedDelivery, reportedPreparation } from './observe';
import { passthrough } from './passthrough';
import { prepareOffer } from './prepare-offer';
import { withChoices, type OfferChoices } from './offer-choices';
import { expiredLink, resolveOffer, withDelivery, type ResolvedOffer } from './resolve-offer';
import { serveFile } from './serve-file';
import { getPreparations, type ReadyFile, type WaitOptions } from './shared-preparations';

export interface DownloadRequest extends DeliveryQuery {
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

export interface OfferChoice extends DeliveryQuery, OfferChoices {
  ext?: string;
  item?: string;
}

/** The offer a link names, with its tracks, cut and tags, checked against the limits before any byte is fetched. */
export function checkedOffer(mediaId: string, itag: string, opts: OfferChoice = {}): ResolvedOffer {
  const offer = withChoices(resolveOffer(mediaId, itag, opts.item), opts);
  if (opts.ext !== undefined && opts.ext !== offer.plan.ext) {
    throw new AppError('invalid_request', 'This format is not offered for this media');
  }
  // A picture (a photo, a video's thumbnail) has no length: the duration limit is the media's, not its.
  if (offer.plan.kind !== 'image') assertDurationAllowed(offer.duration, offer.media.extraction.isLive);
  const sources = [offer.plan.video, offer.plan.audio, offer.plan.image].filter((s): s is SourceFormat => s !== undefined);
  assertSizeAllowed(sources.reduce((sum, s) => sum + (s.filesize ?? 0), 0) || undefined);
  const trim = trimRangeOf(opts, { kind: offer.plan.kind, duration: offer.duration });
  return withDelivery(offer, { ...(trim ? { trim } : {}), embedMetadata: opts.embedMetadata ?? true });
}

/**
 * checkedOffer for a media id that came from a client or another process: the analysis may have been made on
 * another node, so it is brought here from the shared store first (a no-op when this node has it).
 */
export async function loadCheckedOffer(mediaId: string, itag: string, opts: OfferChoice = {}): Promise<ResolvedOffer> {
  await loadAnalyzed(mediaId);
  return checkedOffer(mediaId, itag, opts);
}

/** Prepares (or joins the preparation of) an offer's file; a passthrough offer is simply fetched to disk. */
export function prepareDownload(offer: ResolvedOffer, opts: WaitOptions = {}): Promise<ReadyFile> {
  const extras = { delivery: offer.delivery, tags: fileTagsOf(offer), ...(offer.picture ? { picture: offer.picture } : {}) };
  return getPreparations().prepare(
    offer.key,
    (dir, signal, onProgress) =>
      reportedPreparation(offer, () => prepareOffer(offer.plan, dir, { signal, onProgress, ...extras, ...(offer.subtitle ? { subtitle: offer.subtitle } : {}) })),
    opts,
  );
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
export async function deliverDownload(req: DownloadRequest): Promise<Response> {
  const started = performance.now();
  const offer = await loadCheckedOffer(req.mediaId, req.itag, { ...req, languages: req.lang ?? req.headers.get('accept-language') ?? undefined });
  const release = acquireDownloadSlot(clientAddress(req.headers));
  const meta = { title: fileTitle(offer), ext: offer.plan.ext, range: req.headers.get('range') };
  try {
    const ready = await getPreparations().peek(offer.key);
    if (ready) return reportedDelivery(offer, await serveFile(ready, meta, release), started);
    const asIs = offer.plan.action === 'passthrough' && !offer.delivery.trim && !offer.subtitle;
    const source = asIs ? (offer.plan.image ?? offer.plan.video ?? offer.plan.audio) : undefined;
    // Streamed from the origin untouched only when the bytes already play everywhere; else prepared (remuxed).
    if (source?.protocol === 'http' && (await streamsAsIs(offer.plan, source, req.signal))) return reportedDelivery(offer, await passthrough(source, { ...meta, signal: req.signal }, release), started);
    const file = await prepareDownload(offer, { signal: req.signal });
    return reportedDelivery(offer, await serveFile(file, meta, release), started);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A file kept in the store past its analysis (a followed creator's background download), served by its key
 * with Range; gone or expired, it is an expired link. The caller's download slot is held as for any download.
 */
export async function deliverStoredFile(file: { key: string; title: string; ext: string }, headers: Headers): Promise<Response> {
  const ready = await getPreparations().peek(file.key);
  if (!ready) throw expiredLink();
  const release = acquireDownloadSlot(clientAddress(headers));
  try {
    return await serveFile(ready, { title: file.title, ext: file.ext, range: headers.get('range') }, release);
  } catch (error) {
    release();
    throw error;
  }
}
