import { PLATFORM_DEFINITIONS } from '@/lib/media/platforms';
import type { Platform } from '@/lib/media/types';

export type LandingPlatform = Exclude<Platform, 'generic'>;

/** The five platform landing pages, derived from the engine's platform table (one source of truth). */
export const PLATFORM_PAGES = PLATFORM_DEFINITIONS.map((definition) => ({
  platform: definition.platform as LandingPlatform,
  label: definition.label,
  path: `/${definition.slug}-downloader` as const,
  color: definition.color,
}));
