import 'server-only';
import { AD_PLACEMENTS, config, type AdPlacement } from '@/lib/config';

/** What the browser needs to show ads: handed to the ad components only when ads are configured. */
export interface AdsSettings {
  publisherId: string;
  placements: AdPlacement[];
  auto: boolean;
  /** The ad network's unit id of each slot placement, where the operator gave one. */
  slots: Partial<Record<AdPlacement, string>>;
  /** The ad script with the publisher id as its `client` query parameter. */
  scriptUrl: string;
}

/** The ads in force, or null when ADS_PUBLISHER_ID is unset: then no page carries any ad code. */
export function adsSettings(): AdsSettings | null {
  const { env } = config();
  if (!env.ADS_PUBLISHER_ID) return null;
  const script = new URL(env.ADS_SCRIPT_URL);
  script.searchParams.set('client', env.ADS_PUBLISHER_ID);
  return {
    publisherId: env.ADS_PUBLISHER_ID,
    placements: AD_PLACEMENTS.filter((placement) => env.ADS_PLACEMENTS.includes(placement)),
    auto: env.ADS_AUTO,
    slots: env.ADS_SLOTS,
    scriptUrl: script.toString(),
  };
}

/** Whether a placement is switched on (and ads are configured at all). */
export function placementOn(placement: AdPlacement): boolean {
  return adsSettings()?.placements.includes(placement) ?? false;
}

/**
 * The origins the page's Content-Security-Policy must admit for the ad network: the ad script's own origin (to
 * load it and the requests it makes), and, for the default ad network, the hosts its ads are framed from.
 * Empty when ads are not configured.
 */
export function adSources(): { script: string[]; connect: string[]; frame: string[] } {
  const { env } = config();
  if (!env.ADS_PUBLISHER_ID) return { script: [], connect: [], frame: [] };
  const origin = new URL(env.ADS_SCRIPT_URL).origin;
  const network = origin === 'https://pagead2.googlesyndication.com' ? GOOGLE_AD_HOSTS : [];
  return { script: [origin], connect: [origin, ...network], frame: [origin, ...network] };
}

/** Where the default ad network serves its ad frames and reports from. */
const GOOGLE_AD_HOSTS = [
  'https://googleads.g.doubleclick.net',
  'https://tpc.googlesyndication.com',
  'https://www.google.com',
  'https://ep1.adtrafficquality.google',
  'https://ep2.adtrafficquality.google',
];
