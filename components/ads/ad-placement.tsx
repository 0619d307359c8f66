import { placementOn } from '@/lib/ads/settings';
import type { AdPlacement } from '@/lib/config';
import { AdSlot } from './ad-slot';

/**
 * Where a page puts a placement. On the server: a placement that is not switched on (or ads not configured at
 * all) leaves nothing in the page — no element, no client code.
 */
export function PlacedAd({ placement, className }: { placement: AdPlacement; className?: string }) {
  if (!placementOn(placement)) return null;
  return <AdSlot placement={placement} className={className} />;
}
