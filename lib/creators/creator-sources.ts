import 'server-only';
import { config } from '@/lib/config';
import type { Platform } from '@/lib/media/types';
import { POPULAR_CREATORS, type PopularCreator } from './popular';

export interface CreatorSource {
  slug: string;
  channelUrl: string;
  platform: Platform;
  popular?: PopularCreator;
}

// A YouTube handle as YouTube allows it (3–30 letters, digits, '_', '-', '.', '·'; non-Latin since 2022).
const HANDLE = /^@[\p{L}\p{N}_.·-]{3,30}$/u;

const PROFILE_URL: Record<PopularCreator['platform'], (handle: string) => string> = {
  youtube: (h) => `https://www.youtube.com/${encodeURIComponent(h).replace(/^%40/, '@')}/videos`,
  tiktok: (h) => `https://www.tiktok.com/${encodeURIComponent(h).replace(/^%40/, '@')}`,
  instagram: (h) => `https://www.instagram.com/${encodeURIComponent(h.replace(/^@/, ''))}/`,
  facebook: (h) => `https://www.facebook.com/${encodeURIComponent(h.replace(/^@/, ''))}`,
  twitter: (h) => `https://x.com/${encodeURIComponent(h.replace(/^@/, ''))}`,
};

/** Test and operator overrides: `{"slug": "https://…/channel"}`. */
const overrides = (): Record<string, string> => config().env.CREATOR_SOURCES_JSON;

function platformOf(url: string): Platform {
  const host = new URL(url).hostname.replace(/^www\./, '');
  if (host.endsWith('youtube.com')) return 'youtube';
  if (host.endsWith('tiktok.com')) return 'tiktok';
  if (host.endsWith('instagram.com')) return 'instagram';
  if (host.endsWith('facebook.com')) return 'facebook';
  if (host === 'x.com' || host.endsWith('twitter.com')) return 'twitter';
  return 'generic';
}

/** Where a creator's videos are listed: a configured source, a popular creator's profile, or a YouTube @handle. */
export function creatorSource(slug: string): CreatorSource | undefined {
  const popular = POPULAR_CREATORS.find((creator) => creator.slug === slug);
  const configured = overrides()[slug];
  if (configured) {
    try {
      return { slug, channelUrl: configured, platform: popular?.platform ?? platformOf(configured), popular };
    } catch {
      return undefined;
    }
  }
  if (popular) return { slug, channelUrl: PROFILE_URL[popular.platform](popular.handle), platform: popular.platform, popular };
  if (HANDLE.test(slug)) return { slug, channelUrl: PROFILE_URL.youtube(slug), platform: 'youtube' };
  return undefined;
}
