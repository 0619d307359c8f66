import type { AdPlacement } from '@/lib/config';

/** Below this width a screen is a phone's: the banner shrinks, the side rail is not shown. */
export const MOBILE_MAX_WIDTH = 767;
/** The side rail needs at least this much width beside the page. */
export const SIDE_RAIL_MIN_WIDTH = 1200;

export interface AdSize {
  width: number;
  height: number;
}

/**
 * The size of a placement's unit on a screen this wide, or null where it shows nothing: the bottom anchor and
 * the vignette are page-level formats with no slot; the side rail only from 1200 px up.
 */
export function adSize(placement: AdPlacement, viewportWidth: number): AdSize | null {
  const mobile = viewportWidth <= MOBILE_MAX_WIDTH;
  switch (placement) {
    case 'topBanner':
      return mobile ? { width: 320, height: 100 } : { width: 728, height: 90 };
    case 'rectangle':
      return { width: 336, height: 280 };
    case 'sideRail':
      return viewportWidth >= SIDE_RAIL_MIN_WIDTH ? { width: 300, height: 600 } : null;
    case 'bottomAnchor':
    case 'vignette':
      return null;
  }
}
