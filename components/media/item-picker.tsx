'use client';

import { useTranslations } from 'next-intl';
import { isSlideshowItag } from '@/lib/media/offers/slideshow-offer';
import type { MediaInfo } from '@/lib/media/types';
import { cn } from '@/lib/cn';
import { formatDuration } from '@/lib/client/format-media';
import { MediaThumbnail } from './media-thumbnail';

type Item = NonNullable<MediaInfo['items']>[number];

const SOUND_EXTS = new Set(['mp3', 'm4a', 'ogg', 'opus', 'wav']);

/** What an item is when its picture alone does not say: a slideshow's sound, or the whole slideshow as one video. */
function badgeOf(item: Item): 'itemVideo' | 'itemSound' | null {
  const first = item.formats[0];
  if (!first) return null;
  if (isSlideshowItag(first.itag)) return 'itemVideo';
  return SOUND_EXTS.has(first.ext) ? 'itemSound' : null;
}

/** A post with several media (carousel, slideshow): pick one, and its formats fill the menu. */
export function ItemPicker({ items, selected, onSelect }: { items: Item[]; selected: number; onSelect: (index: number) => void }) {
  const t = useTranslations('MediaResult');
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('itemsLegend', { count: items.length })}</legend>
      <div data-testid="item-picker" className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
        {items.map((item, index) => {
          const duration = formatDuration(item.duration);
          const active = index === selected;
          const badge = badgeOf(item);
          return (
            <button
              key={item.id || index}
              type="button"
              onClick={() => onSelect(index)}
              aria-pressed={active}
              data-testid="item-option"
              className={cn(
                'group relative cursor-pointer rounded-md text-start outline-none transition focus-visible:ring-2 focus-visible:ring-ring',
                active ? 'ring-2 ring-primary' : 'opacity-80 hover:opacity-100',
              )}
            >
              <MediaThumbnail src={item.thumbnail} alt={item.title || t('itemNumber', { number: index + 1 })} className="aspect-square" />
              <span className="absolute start-1 top-1 rounded bg-black/70 px-1.5 text-xs font-medium text-white">{index + 1}</span>
              {badge ? (
                <span data-testid="item-badge" className="absolute start-1 bottom-1 rounded bg-black/70 px-1.5 text-xs text-white">{t(badge)}</span>
              ) : null}
              {duration ? (
                <span className="absolute end-1 bottom-1 rounded bg-black/70 px-1.5 text-xs text-white tabular-nums">{duration}</span>
              ) : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
