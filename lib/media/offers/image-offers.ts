import type { SourceFormat } from '@/lib/media/types';
import type { SortedSources } from './sources';
import type { Offer, OfferContainer } from './types';

const BY_CONTAINER: Record<string, OfferContainer> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

function containerOf(source: SourceFormat): OfferContainer {
  const fromMime = source.mimeType?.split('/')[1]?.split(';')[0];
  // Photo CDNs often serve extension-less URLs without a useful type; JPEG is what they overwhelmingly send.
  return BY_CONTAINER[source.container ?? ''] ?? BY_CONTAINER[fromMime ?? ''] ?? 'jpg';
}

/** Each still as it is (the original file, never re-encoded), largest first: img-0, img-1, … */
export function imageOffers(sorted: SortedSources): Offer[] {
  const seen = new Set<string>();
  const images = sorted.images.filter((s) => !seen.has(s.url) && seen.add(s.url));
  return images.map((image, index) => {
    const itag = `img-${index}`;
    const container = containerOf(image);
    const size = image.width && image.height ? `${image.width}×${image.height}` : undefined;
    return {
      plan: { itag, ext: container, kind: 'image', image, action: 'passthrough', container },
      format: {
        itag,
        ext: container,
        quality: size ?? 'original',
        format_note: `${container.toUpperCase()} · ${size ?? 'original'}`,
        ...(image.filesize ? { filesize: image.filesize } : {}),
      },
    };
  });
}
