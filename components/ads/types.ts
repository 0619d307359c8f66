import type { AdPlacement } from '@/lib/config';

/** What the server hands the page when ads are configured (lib/ads/settings.ts). */
export interface AdsClientSettings {
  publisherId: string;
  placements: AdPlacement[];
  auto: boolean;
  slots: Partial<Record<AdPlacement, string>>;
  scriptUrl: string;
}
