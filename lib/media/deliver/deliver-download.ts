import 'server-only';
import { clientAddress } from '@/lib/http/client-address';
import { AppError } from '@/lib/errors';
import { loadAnalyzed } from '@/lib/media/analyze';
import type { SourceFormat } from '@/lib/media/types';
import { acquireDownloadSlot, assertDurationAllowed, assertSizeAllowed } from './limits';
import { reportedDelivery, reportedPreparation } from './observe';
import { passthrough } from './passthrough';
import { prepareOffer } from './prepare-offer';
import { resolveOffer, type ResolvedOffer } from './resolve-offer';
import { serveFile } from './serve-file';
import { getPreparations, type ReadyFile, type WaitOptions } from './shared-preparations';

export interface DownloadRequest {
  mediaId: string;
  itag: string;
  ext?: string;
  item?: string;
  headers: Headers;
  /** The client: when it goes away, reading the origin (and any preparation only it waited for) stops. */
  signal: AbortSignal;
}

/** The offer a link names, checked against the limits before any byte is fetched. */
export function checkedOffer(mediaId: string, itag: string, opts: { ext?: string; item?: string } = {}): ResolvedOffer {
  const offer = resolveOffer(mediaId, itag, opts.item);
  if (opts.ext !== undefined && opts.ext !== offer.plan.ext) {
    throw new AppError('invalid_request', 'This format is not offered for this media');
  }
  assertDurationAllowed(offer.duration, offer.media.extraction.isLive);
  const sources = [offer.plan.video, offer.plan.audio, offer.plan.image].filter((s): s is SourceFormat => s !== undefined);
  assertSizeAllowed(sources.reduce((sum, s) => sum + (s.filesize ?? 0), 0) || undefined);
  return offer;
}

/**
 * checkedOffer for a media id that came from a client or another process: the analysis may have been made on
 * another node, so it is brought here from the shared store first (a no-op when this node has it).
 */
export async function loadCheckedOffer(mediaId: string, itag: string, opts: { ext?: string; item?: string } = {}): Promise<ResolvedOffer> {
  await loadAnalyzed(mediaId);
  return checkedOffer(mediaId, itag, opts);
}

/** Prepares (or joins the preparation of) an offer's file; a passthrough offer is simply fetched to disk. */
export function prepareDownload(offer: ResolvedOffer, opts: WaitOptions = {}): Promise<ReadyFile> {
  return getPreparations().prepare(
    offer.key,
    (dir, signal, onProgress) => reportedPreparation(offer, () => prepareOffer(offer.plan, dir, { signal, onProgress })),
    opts,
  );
}

/**
 * GET /api/download/{id}: a prepared file when there is one (Range, exact length); else a passthrough from the
 * origin when the offer needs no work; else prepare once, shared with concurrent requests, then serve the file.
 * The caller's download slot is held until the body ends or the client goes away.
 */
export async function deliverDownload(req: DownloadRequest): Promise<Response> {
  const started = performance.now();
  const offer = await loadCheckedOffer(req.mediaId, req.itag, req);
  const release = acquireDownloadSlot(clientAddress(req.headers));
  const meta = { title: offer.title, ext: offer.plan.ext, range: req.headers.get('range') };
  try {
    const ready = await getPreparations().peek(offer.key);
    if (ready) return reportedDelivery(offer, await serveFile(ready, meta, release), started);
    const source = offer.plan.action === 'passthrough' ? (offer.plan.image ?? offer.plan.video ?? offer.plan.audio) : undefined;
    if (source?.protocol === 'http') return reportedDelivery(offer, await passthrough(source, { ...meta, signal: req.signal }, release), started);
    const file = await prepareDownload(offer, { signal: req.signal });
    return reportedDelivery(offer, await serveFile(file, meta, release), started);
  } catch (error) {
    release();
    throw error;
  }
}
