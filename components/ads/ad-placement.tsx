import { adsSettings } from '@/lib/ads/settings';
import type { AdPlacement } from '@/lib/config';
import { LazyAdSlot } from './lazy';

/**
 * Where a page puts a placement. On the server: a placement that is not switched on (or ads not configured at
 * all) leaves nothing in the page — no element, and no ad code is fetched.
 */
export function PlacedAd({ placement, className }: { placement: AdPlacement; className?: string }) {
  const ads = adsSettings();
  if (!ads?.placements.includes(placement)) return null;
  return <LazyAdSlot placement={placement} publisherId={ads.publisherId} slotId={ads.slots[placement]} className={className} />;
}
