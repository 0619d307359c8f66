import 'server-only';
import { AppError } from '@/lib/errors';
import { planForLanguages, subtitleFor, userLanguages } from '@/lib/media/offers';
import type { ResolvedOffer } from './resolve-offer';

export interface OfferChoices {
  /** `subs=<language>`: mux that text track into the video as a soft subtitle track. */
  subs?: string;
  /** `lang=<tag>` (the UI's locale) or the request's Accept-Language: which audio track of a group to take. */
  languages?: string;
}

const MUXABLE = new Set(['mp4', 'webm']);

/**
 * The user's choices applied to an offer: the audio track in their language when its group has one (the
 * engine is told languages, never who the user is), and a subtitle track to mux. Each choice that changes the
 * file changes the key it is prepared and shared under.
 */
export function withChoices<T extends Omit<ResolvedOffer, 'delivery'>>(offer: T, choices: OfferChoices): T {
  const languages = userLanguages(choices.languages);
  const plan = planForLanguages(offer.plan, offer.media.extraction.sources, languages);
  let key = plan.audio?.id !== offer.plan.audio?.id ? `${offer.key}-a-${plan.audio?.id}` : offer.key;
  if (choices.subs === undefined) return { ...offer, plan, key };
  if (plan.kind !== 'video' || !MUXABLE.has(plan.container)) {
    throw new AppError('invalid_request', 'Subtitles can be added to an MP4 or WebM video only');
  }
  const subtitle = subtitleFor(offer.media.extraction.subtitles, choices.subs);
  if (!subtitle) throw new AppError('format_unavailable', 'This media has no subtitles in that language');
  key = `${key}-s-${subtitle.id}`;
  return { ...offer, plan, key, subtitle };
}
