import 'server-only';
import { AppError, toAppError } from '@/lib/errors';
import { engineEvents } from '@/lib/events';
import { loadAnalyzed } from '@/lib/media/analyze';
import { loudnessTargetOf } from '@/lib/media/loudness/targets';
import { trimRangeOf, type DeliveryQuery } from '@/lib/media/trim/trim-range';
import type { SourceFormat } from '@/lib/media/types';
import { chapterDelivery, chapterWorkOf, withSponsorSegments } from './chapter-work';
import { fileTagsOf } from './file-tags';
import { assertDurationAllowed, assertSizeAllowed } from './limits';
import { prepareOffer } from './prepare-offer';
import { withChoices, type OfferChoices } from './offer-choices';
import { resolveOffer, withDelivery, type ResolvedOffer } from './resolve-offer';
import type { ReadyFile, SharedPreparations, WaitOptions } from './shared-preparations';

/** What a download may be reported by: the platform and the engine that analysed it, nothing about the media. */
export const labelsOf = (offer: ResolvedOffer) => ({ platform: offer.media.extraction.platform, engine: offer.media.extraction.engine });

/** Runs one preparation and reports how long it took and, when it failed, its error code. */
async function reportedPreparation<T>(offer: ResolvedOffer, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const report = (code?: string) =>
    void engineEvents().emit('media.prepared', { ...labelsOf(offer), seconds: (performance.now() - started) / 1000, code });
  try {
    const result = await work();
    report();
    return result;
  } catch (error) {
    report(toAppError(error).code);
    throw error;
  }
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
  // Only what has sound is normalised: a picture or a text track asked for with a loudness is made as it is.
  const loudness = offer.plan.kind === 'video' || offer.plan.kind === 'audio' ? loudnessTargetOf(opts.loudness) : undefined;
  const chapters = chapterDelivery(offer, opts);
  return withDelivery(offer, { ...(trim ? { trim } : {}), embedMetadata: opts.embedMetadata ?? true, ...(loudness ? { loudness } : {}), ...chapters });
}

/**
 * checkedOffer for a media id that came from a client or another process: the analysis may have been made on
 * another node, so it is brought here from the shared store first (a no-op when this node has it).
 */
export async function loadCheckedOffer(mediaId: string, itag: string, opts: OfferChoice = {}): Promise<ResolvedOffer> {
  await loadAnalyzed(mediaId);
  return checkedOffer(mediaId, itag, opts);
}

/**
 * Prepares (or joins the preparation of) an offer's file in the process's preparations (`files`); a passthrough
 * offer is simply fetched to disk. SponsorBlock is asked first when the delivery wants its segments and nobody asked yet.
 */
export async function prepareDownload(files: SharedPreparations, asked: ResolvedOffer, opts: WaitOptions = {}): Promise<ReadyFile> {
  const offer = await withSponsorSegments(asked, opts.signal);
  const chapterWork = chapterWorkOf(offer);
  const extras = { delivery: offer.delivery, tags: fileTagsOf(offer), ...(offer.picture ? { picture: offer.picture } : {}), ...(chapterWork ? { chapterWork } : {}) };
  return files.prepare(
    offer.key,
    (dir, signal, onProgress) =>
      reportedPreparation(offer, () => prepareOffer(offer.plan, dir, { signal, onProgress, ...extras, ...(offer.subtitle ? { subtitle: offer.subtitle } : {}) })),
    opts,
  );
}

