import { AtSign, Camera, Music2, SquarePlay, ThumbsUp, type IconComponent } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { PLATFORM_PAGES, type LandingPlatform } from '@/lib/platform-pages';

// lucide 1.x ships no brand logos; a neutral glyph on the brand colour reads as the platform without
// reproducing trademarks.
const GLYPHS: Record<LandingPlatform, IconComponent> = {
  youtube: SquarePlay,
  tiktok: Music2,
  instagram: Camera,
  facebook: ThumbsUp,
  twitter: AtSign,
};

export function platformPage(platform: LandingPlatform) {
  return PLATFORM_PAGES.find((page) => page.platform === platform) ?? PLATFORM_PAGES[0];
}

/** A rounded tile in the platform's brand colour with its glyph. */
export function PlatformMark({ platform, size = 'md' }: { platform: LandingPlatform; size?: 'sm' | 'md' | 'lg' }) {
  const Glyph = GLYPHS[platform];
  const { color } = platformPage(platform);
  return (
    <span
      aria-hidden
      style={{ backgroundColor: color }}
      className={cn(
        'brand-tile',
        size === 'sm' && 'h-7 w-7 rounded-md',
        size === 'md' && 'h-11 w-11 rounded-lg',
        size === 'lg' && 'h-14 w-14 rounded-xl',
      )}
    >
      <Glyph className={cn(size === 'sm' ? 'h-4 w-4' : size === 'md' ? 'h-5 w-5' : 'h-7 w-7')} />
    </span>
  );
}
