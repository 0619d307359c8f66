import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { OfferPlan } from '@/lib/media/offers';
import { pickOffer } from '@/lib/jobs/pick-offer';
import type { BulkChoice } from './bulk-item-kind';

// The audio a video choice falls back to, best first: the container nearest MP4, then the common ones.
const AUDIO_FALLBACK = ['m4a', 'mp3-320', 'mp3', 'opus', 'mp3-128', 'wav'];

/**
 * The plan for one bulk item: the batch's {quality, format} as a download job picks it. A batch mixes links,
 * so a video choice (the default MP4) on a link that only has audio (a podcast, an MP3 file) gets the audio
 * instead of failing the item.
 */
export function pickBulkPlan(media: AnalyzedMedia, choice: BulkChoice): OfferPlan {
  try {
    return pickOffer(media, choice.quality, choice.format);
  } catch (error) {
    const plans = [...media.plans.values()].filter((plan) => !/^i\d+-/.test(plan.itag));
    if (plans.some((plan) => plan.kind === 'video')) throw error;
    const audio = plans.filter((plan) => plan.kind === 'audio');
    const fallback = AUDIO_FALLBACK.map((itag) => audio.find((plan) => plan.itag === itag)).find(Boolean) ?? audio[0];
    if (!fallback) throw error;
    return fallback;
  }
}
