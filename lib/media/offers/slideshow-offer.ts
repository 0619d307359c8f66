import type { SlideshowSources } from '@/lib/media/types';
import type { Offers, OfferPlan } from './types';

export const SLIDESHOW_ITAG = 'slideshow-mp4';

/** Whether an offer (an item's, `i4-slideshow-mp4`) is a slideshow as one video: offered alone, never in the post's ZIP. */
export const isSlideshowItag = (itag: string | undefined): boolean => Boolean(itag?.endsWith(SLIDESHOW_ITAG));

/**
 * A photo slideshow's one offer as a video: its pictures in order over its sound, encoded to H.264 + AAC in an MP4
 * when picked (nothing is composed before that). Labelled with the first picture's height when the platform said it.
 */
export function slideshowOffers(slideshow: SlideshowSources): Offers {
  const plan: OfferPlan = {
    itag: SLIDESHOW_ITAG,
    ext: 'mp4',
    kind: 'video',
    action: 'transcode-video',
    container: 'mp4',
    videoCodec: 'h264',
    audioCodec: 'aac',
    audio: slideshow.sound,
    slides: slideshow.pictures,
    slideSeconds: slideshow.seconds,
  };
  const first = slideshow.pictures[0];
  const shortSide = first?.width && first.height ? Math.min(first.width, first.height, 1080) : undefined;
  return {
    formats: [{ itag: SLIDESHOW_ITAG, ext: 'mp4', quality: shortSide ? `${shortSide}p` : 'original', format_note: 'slideshow, H.264 + AAC' }],
    plans: new Map([[SLIDESHOW_ITAG, plan]]),
    availableQualities: [shortSide ? `${shortSide}p` : 'original'],
    subtitles: [],
  };
}
