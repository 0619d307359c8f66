'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { adsSwitchedOn, FIRST_INTERACTIONS, loadAdScript, pushAd, reportAdEvent } from '@/lib/ads/browser';
import type { AdPlacement } from '@/lib/config';

/** What the server hands the page when ads are configured (lib/ads/settings.ts). */
export interface AdsClientSettings {
  publisherId: string;
  placements: AdPlacement[];
  auto: boolean;
  scriptUrl: string;
}

interface AdsState {
  settings: AdsClientSettings;
  /** The ad script has loaded: only then may a placement show. */
  loaded: boolean;
}

const AdsContext = createContext<AdsState | null>(null);

export const useAds = (): AdsState | null => useContext(AdsContext);

/**
 * Mounted only when the server configured ads. Unless the visitor switched ads off (feature_ads_v1 = 'false'),
 * the ad script loads after the first click, key, touch or paste — never before — and then, with auto ads on,
 * page-level ads are switched on, with the bottom overlay when the bottom anchor placement is on.
 */
export function AdsProvider({ settings, children }: { settings: AdsClientSettings; children: ReactNode }) {
  const [loaded, setLoaded] = useState(false);

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
        setLoaded(true);
      });
    };
    for (const name of FIRST_INTERACTIONS) window.addEventListener(name, start, { capture: true, passive: true });
    return () => {
      live = false;
      for (const name of FIRST_INTERACTIONS) window.removeEventListener(name, start, true);
    };
  }, [settings]);

  return <AdsContext.Provider value={{ settings, loaded }}>{children}</AdsContext.Provider>;
}
