import { GENERIC_DEFINITION, PLATFORM_DEFINITIONS } from '@/lib/media/platforms';
import type { FileTags } from '@/lib/media/ffmpeg/metadata-args';
import type { ResolvedOffer } from './resolve-offer';

/** The platform's display name; a page of any other site is named by its host. */
function sourceName(platform: string, url: string): string {
  const named = PLATFORM_DEFINITIONS.find((d) => d.platform === platform);
  if (named) return named.label;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return GENERIC_DEFINITION.label;
  }
}

/** What is written into a prepared file about its media (the item's title for one item of a post). */
export function fileTagsOf(offer: ResolvedOffer): FileTags {
  const { extraction } = offer.media;
  const tags: FileTags = { title: offer.title, source: sourceName(extraction.platform, extraction.url), url: extraction.url };
  if (extraction.uploader) tags.artist = extraction.uploader;
  if (extraction.uploadDate) tags.date = extraction.uploadDate;
  return tags;
}
