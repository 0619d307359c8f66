'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useSyncExternalStore } from 'react';
import { adScriptLoaded, onAdScriptLoaded, pushAd, reportAdEvent } from '@/lib/ads/browser';
import { adSize, type AdSize } from '@/lib/ads/sizes';
import type { AdPlacement } from '@/lib/config';

const subscribeWidth = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The unit's size at the current width (null: nothing here at this width), re-read as the window resizes. */
function useAdSize(placement: AdPlacement): AdSize | null {
  const key = useSyncExternalStore(subscribeWidth, () => JSON.stringify(adSize(placement, window.innerWidth)), () => 'null');
  return JSON.parse(key) as AdSize | null;
}

/**
 * One placement's ad unit, put on the page only for a placement that is switched on. It renders once the ad
 * script has loaded (which needs the visitor's first interaction and their switch on), in its size for the
 * screen's width: the side rail only from 1200 px up; the bottom anchor and vignette never (page-level formats).
 */
type SlotProps = { placement: AdPlacement; publisherId: string; slotId?: string; className?: string };

export default function AdSlot({ placement, publisherId, slotId, className }: SlotProps) {
  const loaded = useSyncExternalStore(onAdScriptLoaded, adScriptLoaded, () => false);
  const size = useAdSize(placement);
  if (!loaded || !size) return null;
  return <AdUnit key={`${size.width}x${size.height}`} placement={placement} size={size} publisherId={publisherId} slotId={slotId} className={className} />;
}

function AdUnit({ placement, size, publisherId, slotId, className }: SlotProps & { size: AdSize }) {
  const t = useTranslations('Ads');
  useEffect(() => {
    pushAd({});
    reportAdEvent('rendered', placement);
  }, [placement]);
  return (
    <aside aria-label={t('label')} data-ad-placement={placement} className={className}>
      <ins className="adsbygoogle" style={{ display: 'inline-block', width: size.width, height: size.height }} data-ad-client={publisherId} data-ad-slot={slotId} />
    </aside>
  );
}
