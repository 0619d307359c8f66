'use client';

import { useEffect } from 'react';
import { adsSwitchedOn, FIRST_INTERACTIONS, loadAdScript, markAdScriptLoaded, pushAd, reportAdEvent } from '@/lib/ads/browser';
import type { AdsClientSettings } from './types';

/**
 * Loads the ad script after the visitor's first click, key, touch or paste — never before, and never when the
 * visitor switched ads off (feature_ads_v1 = 'false'). Once it has loaded, auto ads (when on) switch on
 * page-level ads, with the bottom overlay when the bottom anchor placement is on; then the placements may show.
 */
export default function AdsLoader({ settings }: { settings: AdsClientSettings }) {
  useEffect(() => {
    if (!adsSwitchedOn()) return;
    let live = true;
    const start = () => {
      for (const name of FIRST_INTERACTIONS) window.removeEventListener(name, start, true);
      void loadAdScript(settings.scriptUrl).then((ok) => {
        if (!ok || !live) return;
        if (settings.auto) {
          pushAd({
            google_ad_client: settings.publisherId,
            enable_page_level_ads: true,
            overlays: { bottom: settings.placements.includes('bottomAnchor') },
          });
          reportAdEvent('rendered', 'auto');
        }
        markAdScriptLoaded();
      });
    };
    for (const name of FIRST_INTERACTIONS) window.addEventListener(name, start, { capture: true, passive: true });
    return () => {
      live = false;
      for (const name of FIRST_INTERACTIONS) window.removeEventListener(name, start, true);
    };
  }, [settings]);
  return null;
}
