import 'server-only';
import { AppError } from '@/lib/errors';
import { getAnalyzed, type AnalyzedMedia } from '@/lib/media/analyze';
import type { OfferPlan } from '@/lib/media/offers';
import { deliveryKey, type DeliveryOptions } from '@/lib/media/trim/trim-range';
import type { SubtitleSource } from '@/lib/media/types';

export interface ResolvedOffer {
  media: AnalyzedMedia;
  plan: OfferPlan;
  /** What the file is named after: the item's title for one item of a post. */
  title: string;
  /** seconds, of the item when there is one */
  duration?: number;
  /** The source's picture of this media (the item's own for one item of a post): an audio file's cover. */
  picture?: string;
  /** The cut and the tags; the default file is whole, with tags. */
  delivery: DeliveryOptions;
  /** Prepared files are shared under this key. */
  key: string;
  /** A text track muxed into the video as a soft subtitle track (`subs=`). */
  subtitle?: SubtitleSource;
}

export function expiredLink(): AppError {
  return new AppError('not_found', 'This link has expired. Analyse it again.');
}

/** Which item of a post is meant: `?item=` by id, or the `i<n>-` prefix of an item's itag. */
function itemIndexOf(media: AnalyzedMedia, itag: string, itemId?: string): number | undefined {
  if (itemId === undefined) {
    const prefixed = /^i(\d+)-/.exec(itag);
    return prefixed ? Number(prefixed[1]) : undefined;
  }
  const index = media.info.items?.findIndex((item) => item.id === itemId) ?? -1;
  if (index < 0) throw new AppError('invalid_request', 'This post has no such item');
  return index;
}

/**
 * A media id + itag (+ item id for one piece of a multi-item post) → the plan to carry out. Items' plans live
 * under `i<n>-<itag>`; with `?item=` either the item's bare itag or the prefixed one its formats list works.
 */
export function resolveOffer(mediaId: string, itag: string, itemId?: string): Omit<ResolvedOffer, 'delivery'> {
  const media = getAnalyzed(mediaId);
  if (!media) throw expiredLink();
  const index = itemIndexOf(media, itag, itemId);
  const item = index === undefined ? undefined : media.info.items?.[index];
  const prefix = `i${index}-`;
  const planItag = itemId !== undefined && !itag.startsWith(prefix) ? `${prefix}${itag}` : itag;
  const plan = media.plans.get(planItag);
  if (!plan) throw new AppError('invalid_request', 'This format is not offered for this media');
  const title = item?.title || media.info.title;
  const duration = (item ? item.duration : media.info.duration) || undefined;
  const picture = (index === undefined ? undefined : media.extraction.items?.[index]?.thumbnail) ?? media.extraction.thumbnail;
  return { media, plan, title, duration, ...(picture ? { picture } : {}), key: `${mediaId}-${plan.itag}` };
}

/** The offer with how its file is made; files made differently are prepared and kept apart. */
export function withDelivery(offer: Omit<ResolvedOffer, 'delivery'>, delivery: DeliveryOptions): ResolvedOffer {
  return { ...offer, delivery, key: `${offer.key}${deliveryKey(delivery)}` };
}
