import type { MediaKind } from '@/lib/media/types';
import { audioOffers } from './audio-offers';
import { videoFamily } from './codecs';
import { imageOffers } from './image-offers';
import { messagingOffer } from './messaging';
import { sortSources } from './sources';
import { thumbnailOffer } from './thumbnail-offer';
import { subtitleOffers } from './subtitle-offers';
import type { Offer, OfferInput, OfferPlan, Offers } from './types';
import { videoOffers } from './video-offers';

const DEFAULT_MAX_HEIGHT = 1080;

const plays = (plan: OfferPlan) => plan.videoCodec === 'copy' && videoFamily(plan.video?.vcodec) === 'h264';
const fits = (plan: OfferPlan) => (plan.height ?? 0) <= DEFAULT_MAX_HEIGHT;

/**
 * The default is the offer that plays everywhere without waiting: an MP4 copied from H.264, the best up to
 * 1080p (a 4K file is rarely what a phone user wants first). Failing that, the best copied MP4 up to 1080p,
 * then any MP4 up to 1080p, then the first offer.
 */
function pickDefault(video: Offer[]): Offer | undefined {
  const mp4 = video.filter((o) => o.plan.container === 'mp4');
  return (
    mp4.find((o) => plays(o.plan) && fits(o.plan)) ??
    mp4.find((o) => o.plan.videoCodec === 'copy' && fits(o.plan)) ??
    mp4.find((o) => fits(o.plan)) ??
    video[0]
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Source streams → what the user may pick. Videos first (the default leading, then highest quality first,
 * MP4 before WebM at each height), then audio, then stills; a photo post leads with its stills. A video's
 * thumbnail, when it has one, is the last offer.
 */
export function buildOffers(input: OfferInput & { kind?: MediaKind }): Offers {
  const sorted = sortSources(input.sources);
  const video = videoOffers(sorted, input.duration);
  const audio = audioOffers(sorted, input.duration);
  const images = imageOffers(sorted);
  const chosen = pickDefault(video);
  const messaging = messagingOffer(video.filter((o) => o.plan.container === 'mp4'), input.duration);
  const videoOrdered = [...(chosen ? [chosen, ...video.filter((o) => o !== chosen)] : video), ...(messaging ? [messaging] : [])];
  const photoFirst = images.length > 0 && (input.kind === 'photo' || video.length === 0);
  const main = photoFirst ? [...images, ...videoOrdered, ...audio] : [...videoOrdered, ...audio, ...images];
  const thumbnail = thumbnailOffer(input.thumbnail, video);
  // The picture comes last: never the default, and not one of the qualities the media itself comes in.
  const ordered = thumbnail ? [...main, thumbnail] : main;
  const subtitles = subtitleOffers(input.subtitles);
  return {
    formats: ordered.map((o) => o.format),
    plans: new Map([...ordered.map((o) => o.plan), ...subtitles.plans].map((plan) => [plan.itag, plan])),
    availableQualities: unique([...videoOrdered, ...audio, ...images].map((o) => o.format.quality)),
    subtitles: subtitles.offers,
  };
}
