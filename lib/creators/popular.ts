import type { LandingPlatform } from '@/lib/platform-pages';

/**
 * Fixed sample creators (popular-channel cards are sample data, not fetched). Counts are rounded public
 * figures, kept as plain numbers so every locale formats them itself.
 */
export interface PopularCreator {
  slug: string;
  name: string;
  handle: string;
  platform: LandingPlatform;
  /** Subscribers on YouTube, followers elsewhere. */
  audience: number;
  audienceKind: 'subscribers' | 'followers';
}

export const POPULAR_CREATORS: readonly PopularCreator[] = [
  { slug: 'mrbeast', name: 'MrBeast', handle: '@MrBeast', platform: 'youtube', audience: 400_000_000, audienceKind: 'subscribers' },
  { slug: 'khaby-lame', name: 'Khaby Lame', handle: '@khaby.lame', platform: 'tiktok', audience: 162_000_000, audienceKind: 'followers' },
  { slug: 'cristiano', name: 'Cristiano Ronaldo', handle: '@cristiano', platform: 'instagram', audience: 650_000_000, audienceKind: 'followers' },
  { slug: 'shakira', name: 'Shakira', handle: 'Shakira', platform: 'facebook', audience: 124_000_000, audienceKind: 'followers' },
  { slug: 'nasa', name: 'NASA', handle: '@NASA', platform: 'twitter', audience: 89_000_000, audienceKind: 'followers' },
];

/**
 * The creators a landing page shows: its own platform's first, then the others so the list is never a lone
 * card (the sample set has one creator per platform).
 */
export function creatorsForPlatform(platform: LandingPlatform, minimum = 3): PopularCreator[] {
  const own = POPULAR_CREATORS.filter((creator) => creator.platform === platform);
  const others = POPULAR_CREATORS.filter((creator) => creator.platform !== platform);
  return [...own, ...others.slice(0, Math.max(0, minimum - own.length))];
}
