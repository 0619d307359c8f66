import type { Offer } from './types';

export const THUMBNAIL_ITAG = 'thumb';

/** Whether a listed format is a thumbnail offer (an item's carries its `i<n>-` prefix). */
export const isThumbnailItag = (itag: string): boolean => itag === THUMBNAIL_ITAG || itag.endsWith(`-${THUMBNAIL_ITAG}`);

/**
 * A video's thumbnail as an offer of its own: the largest picture the source names (the extractors keep that one),
 * always delivered as JPEG (a WebP, PNG, GIF or AVIF is converted). Offered only beside a video: a photo is
 * already offered as itself, and sound alone has no picture worth asking for.
 */
export function thumbnailOffer(thumbnail: string | undefined, others: Offer[]): Offer | undefined {
  if (!thumbnail || !/^https?:\/\//i.test(thumbnail)) return undefined;
  if (!others.some((offer) => offer.plan.kind === 'video')) return undefined;
  const engine = others[0].plan.video?.engine ?? 'native';
  return {
    plan: {
      itag: THUMBNAIL_ITAG,
      ext: 'jpg',
      kind: 'image',
      image: { id: 'thumbnail', protocol: 'http', url: thumbnail, vcodec: null, acodec: null, isImage: true, engine },
      action: 'thumbnail',
      container: 'jpg',
    },
    format: { itag: THUMBNAIL_ITAG, ext: 'jpg', quality: 'thumbnail', format_note: 'JPEG · thumbnail' },
  };
}
