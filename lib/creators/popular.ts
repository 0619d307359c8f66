import type { LandingPlatform } from '@/lib/platform-pages';

/**
 * Well-known public accounts the home and landing pages link to: a name, a handle and a platform, nothing more.
 * No audience figures: a count shown to visitors must come from a reading of the channel, never from here.
 */
export interface PopularCreator {
  slug: string;
  name: string;
  handle: string;
  platform: LandingPlatform;
}

export const POPULAR_CREATORS: readonly PopularCreator[] = [
  { slug: 'mrbeast', name: 'MrBeast', handle: '@MrBeast', platform: 'youtube' },
  { slug: 'khaby-lame', name: 'Khaby Lame', handle: '@khaby.lame', platform: 'tiktok' },
  { slug: 'cristiano', name: 'Cristiano Ronaldo', handle: '@cristiano', platform: 'instagram' },
  { slug: 'shakira', name: 'Shakira', handle: 'Shakira', platform: 'facebook' },
  { slug: 'nasa', name: 'NASA', handle: '@NASA', platform: 'twitter' },
];

/**
 * The creators a landing page shows: its own platform's first, then the others so the list is never a lone
 * card (the list has one creator per platform).
 */
export function creatorsForPlatform(platform: LandingPlatform, minimum = 3): PopularCreator[] {
  const own = POPULAR_CREATORS.filter((creator) => creator.platform === platform);
  const others = POPULAR_CREATORS.filter((creator) => creator.platform !== platform);
  return [...own, ...others.slice(0, Math.max(0, minimum - own.length))];
}
