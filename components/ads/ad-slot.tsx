'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useSyncExternalStore } from 'react';
import { pushAd, reportAdEvent } from '@/lib/ads/browser';
import { adSize, type AdSize } from '@/lib/ads/sizes';
import type { AdPlacement } from '@/lib/config';
import { useAds } from './ads-provider';

const subscribeWidth = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The unit's size at the current width (null: nothing here at this width), re-read as the window resizes. */
function useAdSize(placement: AdPlacement): AdSize | null {
  const key = useSyncExternalStore(
    subscribeWidth,
    () => JSON.stringify(adSize(placement, window.innerWidth)),
    () => 'null',
  );
  return JSON.parse(key) as AdSize | null;
}

/**
 * One placement's ad unit. It renders only when ads are on for this visitor, this placement is switched on and
 * the ad script has loaded; the side rail only from 1200 px up; the bottom anchor and vignette never (they are
 * page-level formats).
 */
export function AdSlot({ placement, className }: { placement: AdPlacement; className?: string }) {
  const ads = useAds();
  const size = useAdSize(placement);
  if (!ads?.loaded || !ads.settings.placements.includes(placement) || !size) return null;
  return (
    <AdUnit key={`${size.width}x${size.height}`} placement={placement} size={size} publisherId={ads.settings.publisherId} className={className} />
  );
}

function AdUnit({ placement, size, publisherId, className }: { placement: AdPlacement; size: AdSize; publisherId: string; className?: string }) {
  const t = useTranslations('Ads');
  useEffect(() => {
    pushAd({});
    reportAdEvent('rendered', placement);
  }, [placement]);
  return (
    <aside aria-label={t('label')} data-ad-placement={placement} className={className}>
      <ins
        className="adsbygoogle"
        style={{ display: 'inline-block', width: size.width, height: size.height }}
        data-ad-client={publisherId}
        data-ad-placement={placement}
      />
    </aside>
  );
}
