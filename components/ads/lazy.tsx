'use client';

import { lazy, Suspense } from 'react';
import type { AdPlacement } from '@/lib/config';
import type { AdsClientSettings } from './types';

// The ad code is in chunks of its own, fetched only by a page the server put ads on: a page without them
// (ADS_PUBLISHER_ID unset, or the placement off) never downloads it.
const Loader = lazy(() => import('./ads-loader'));
const Slot = lazy(() => import('./ad-slot'));

export function LazyAdsLoader({ settings }: { settings: AdsClientSettings }) {
  return (
    <Suspense fallback={null}>
      <Loader settings={settings} />
    </Suspense>
  );
}

export function LazyAdSlot(props: { placement: AdPlacement; publisherId: string; slotId?: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Slot {...props} />
    </Suspense>
  );
}
