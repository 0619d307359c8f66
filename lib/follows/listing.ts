import 'server-only';
import { createHash } from 'node:crypto';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { recogniseUrl } from '@/lib/media/platforms';
import type { Listed } from './listing-types';
import { parseYoutubeFeed } from './youtube-feed';

export interface ListingDeps {
  /** One small GET through the guarded fetch: the feed's text. */
  fetchFeed: (url: string, signal: AbortSignal) => Promise<string>;
  /** yt-dlp's flat listing of a channel or playlist. */
  analyze: (url: string, signal: AbortSignal) => Promise<AnalyzedMedia>;
  /** YouTube's channel feed address, asked with `?channel_id=`. */
  youtubeFeedUrl: () => string;
  /** How many of the newest entries a flat listing keeps. */
  listingSize: () => number;
}

export interface FollowSource {
  platform: string;
  channelUrl: string;
  feedId: string | null;
}

export interface Listing {
  /** Where it came from: 'feed' costs one small request, 'listing' a yt-dlp run. */
  via: 'feed' | 'listing';
  /** The creator's name as the platform gives it, when it does. */
  name?: string;
  uploads: Listed[];
}

/** An entry's id from its link when the listing gave none: the platform's id in the link, else a hash of it. */
const idOf = (url: string) => /[?&]v=([\w-]{6,})/.exec(url)?.[1] ?? /\/(?:shorts|live|video|reel|p)\/([\w-]{4,})/.exec(url)?.[1]
  ?? createHash('sha256').update(url).digest('base64url').slice(0, 16);

/** An upload's link as downloads name it (a download ending is matched to its upload by this link). */
function canonical(upload: Listed): Listed {
  try {
    return { ...upload, url: recogniseUrl(upload.url).canonicalUrl };
  } catch {
    return upload;
  }
}

/**
 * A creator's newest uploads: YouTube's channel feed when the follow knows the channel id (no yt-dlp), else the
 * newest `listingSize` entries of yt-dlp's flat listing of the followed link.
 */
export async function readListing(source: FollowSource, deps: ListingDeps, signal: AbortSignal): Promise<Listing> {
  if (source.platform === 'youtube' && source.feedId) {
    const url = new URL(deps.youtubeFeedUrl());
    url.searchParams.set('channel_id', source.feedId);
    const feed = parseYoutubeFeed(await deps.fetchFeed(url.href, signal));
    return { via: 'feed', name: feed.name, uploads: feed.uploads.map(canonical) };
  }
  const media = await deps.analyze(source.channelUrl, signal);
  const seen = new Set<string>();
  const uploads = (media.info.entries ?? []).filter((entry) => entry.url).map((entry): Listed => ({
    mediaId: entry.id || idOf(entry.url),
    title: entry.title?.trim() || entry.id || entry.url,
    url: entry.url,
    ...(/\/shorts\//.test(entry.url) ? { short: true } : {}),
  })).filter((upload) => !seen.has(upload.mediaId) && Boolean(seen.add(upload.mediaId)));
  return { via: 'listing', name: media.info.title.trim() || undefined, uploads: uploads.slice(0, deps.listingSize()).map(canonical) };
}
