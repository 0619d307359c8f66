import type { AdPlacement } from '@/lib/config';

/**
 * The browser's side of advertising, free of React: the visitor's switch, the one load of the ad script, the
 * ad network's command queue, and the reports to /_telemetry. Used only when the server handed the page ad
 * settings (ADS_PUBLISHER_ID set); without them no page imports this.
 */

/** The visitor's switch: localStorage `feature_ads_v1` = 'false' turns ads off; anything else (or nothing) leaves them on. */
export const ADS_FEATURE_KEY = 'feature_ads_v1';

export function adsSwitchedOn(): boolean {
  try {
    return window.localStorage.getItem(ADS_FEATURE_KEY) !== 'false';
  } catch {
    // Storage refused (a privacy mode): the default, on.
    return true;
  }
}

/** The interactions after the first of which the ad script may load. */
export const FIRST_INTERACTIONS = ['click', 'keydown', 'touchstart', 'paste'] as const;

export type AdEventType = 'loaded' | 'rendered' | 'error';
export type AdEventPlacement = AdPlacement | 'script-load' | 'auto';

/** Reports one ad event; only its type and placement are counted. A report that fails is dropped. */
export function reportAdEvent(type: AdEventType, placement: AdEventPlacement): void {
  void fetch('/_telemetry', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'ad_event', data: { type, placement, timestamp: Date.now() } }),
  }).catch(() => undefined);
}

type AdQueue = { push(command: object): unknown };
const adWindow = () => window as unknown as { adsbygoogle?: AdQueue | object[] };

/** Hands a command to the ad network's queue: the script works it off when it has loaded. */
export function pushAd(command: object): void {
  const w = adWindow();
  w.adsbygoogle = w.adsbygoogle ?? [];
  w.adsbygoogle.push(command);
}

let loading: Promise<boolean> | undefined;
let loaded = false;
const loadedListeners = new Set<() => void>();

/** Whether the ad script has loaded on this page: a placement shows only then. */
export const adScriptLoaded = (): boolean => loaded;

export function onAdScriptLoaded(listener: () => void): () => void {
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

export function markAdScriptLoaded(): void {
  loaded = true;
  for (const listener of loadedListeners) listener();
}

/**
 * Loads the ad script once per page: resolves true when it loaded, false when it failed — and a failure is
 * reported once, however many components wait for it.
 */
export function loadAdScript(src: string): Promise<boolean> {
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      reportAdEvent('loaded', 'script-load');
      resolve(true);
    };
    script.onerror = () => {
      console.warn('[ads] the ad script failed to load');
      reportAdEvent('error', 'script-load');
      resolve(false);
    };
    document.head.appendChild(script);
  });
  return loading;
}
