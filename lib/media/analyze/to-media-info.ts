import { buildOffers, slideshowOffers, type OfferPlan } from '@/lib/media/offers';
import type { Extraction, Format, MediaInfo } from '@/lib/media/types';
import { pictureUrl } from '@/lib/media/pictures/picture-url';
import { withChapters } from '@/lib/media/chapters/media-chapters';
import { capExtraction } from './cap-extraction';
import { fileSizeText } from './file-size-text';
import type { AnalyzedMedia } from './types';

const itemItag = (index: number, itag: string) => `i${index}-${itag}`;

/**
 * An extraction → what the API answers, plus every offer's plan. Source stream URLs never reach `info`; its
 * pictures are plain URLs (pictureUrl), which the edge that hands `info` to a client turns into links of its own. Every
 * text the engine read is cut to its cap first (capExtraction), so the analysis kept and everything made from it
 * — the card, file names, tags, the history — hold the capped texts.
 */
export function toAnalyzedMedia(found: Extraction, id: string, createdAt = new Date()): AnalyzedMedia {
  const extraction = withChapters(capExtraction(found));
  const offers = buildOffers(extraction);
  const plans = new Map<string, OfferPlan>(offers.plans);
  const items = extraction.items?.map((item, index) => {
    const itemOffers = item.slideshow
      ? slideshowOffers(item.slideshow)
      : buildOffers({ sources: item.sources, duration: item.duration, kind: extraction.kind, thumbnail: item.thumbnail });
    const formats: Format[] = itemOffers.formats.map((f) => ({ ...f, itag: itemItag(index, f.itag) }));
    for (const [itag, plan] of itemOffers.plans) plans.set(itemItag(index, itag), { ...plan, itag: itemItag(index, itag) });
    return {
      id: item.id,
      title: item.title,
      thumbnail: pictureUrl(item.thumbnail) ?? '',
      duration: item.duration ?? 0,
      formats,
    };
  });
  const first = offers.formats[0] ?? items?.[0]?.formats[0];
  const info: MediaInfo = {
    id,
    url: extraction.url,
    title: extraction.title,
    description: extraction.description ?? '',
    thumbnail: pictureUrl(extraction.thumbnail) ?? items?.find((i) => i.thumbnail)?.thumbnail ?? '',
    platform: extraction.platform,
    kind: extraction.kind,
    duration: extraction.duration ?? 0,
    fileSize: fileSizeText(first?.filesize, first?.filesizeApprox),
    availableQualities: offers.availableQualities,
    formats: offers.formats,
    ...(offers.subtitles.length ? { subtitles: offers.subtitles } : {}),
    ...(extraction.chapters?.length ? { chapters: extraction.chapters } : {}),
    createdAt: createdAt.toISOString(),
  };
  if (items) info.items = items;
  if (extraction.entries) {
    info.entries = extraction.entries.map(({ thumbnail, ...entry }) => {
      const shown = pictureUrl(thumbnail);
      return shown ? { ...entry, thumbnail: shown } : entry;
    });
  }
  return { info, extraction, plans };
}

/** Whether the analysis found anything a user could download or open. */
export function hasMedia(media: AnalyzedMedia): boolean {
  return media.plans.size > 0 || (media.info.entries?.length ?? 0) > 0;
}
