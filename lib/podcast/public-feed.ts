import 'server-only';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import { followRow, ownerActive, type FollowRow } from '@/lib/follows/follows-store';
import { feedEpisode, feedEpisodes, type Episode } from './episodes';
import { feedRow, type FeedRow } from './feed-store';
import { readUnreadInBackground } from './file-facts';
import { chaptersUrl, episodeUrl, feedBase, feedUrl } from './links';
import { mediaTypeOf } from './media-types';
import { renderFeed, type FeedItem } from './rss';
import { feedTokenMatches } from './tokens';

/** Anything a feed's address cannot open: the same 404 whether the follow, the token or the episode is wrong. */
export const feedNotFound = () => new AppError('not_found', 'Feed not found');

export interface OpenedFeed {
  follow: FollowRow;
  feed: FeedRow;
}

/**
 * The feed a path names, when its token is the feed's current one (constant-time compare of hashes) and its owner's
 * account is active; else not_found. The token opens only this feed and its files, nothing else.
 */
export async function openFeed(db: Db, followId: string, token: string): Promise<OpenedFeed> {
  const feed = await feedRow(db, followId);
  if (!feed || !feedTokenMatches(feed.token_hash, token)) throw feedNotFound();
  const follow = await followRow(db, followId);
  if (!follow || !(await ownerActive(db, follow.user_id))) throw feedNotFound();
  return { follow, feed };
}

/** Whether the episode's file is what the feed carries (audio or video). */
const fits = (feed: FeedRow, episode: Episode) => mediaTypeOf(episode.file.ext)?.media === feed.media;

/** A picture for the episode where its platform names one by id alone (YouTube); else the show's. */
function episodeImage(episode: Episode): string | undefined {
  return episode.platform === 'youtube' && /^[\w-]{11}$/.test(episode.mediaId) ? `https://i.ytimg.com/vi/${episode.mediaId}/hqdefault.jpg` : undefined;
}

/** The feed's RSS: the follow's kept episodes of the feed's media, newest first. */
export async function feedXml(db: Db, files: SharedPreparations, opened: OpenedFeed, origin: string, token: string, now: number, language = 'en'): Promise<string> {
  const { follow, feed } = opened;
  const base = feedBase(origin, follow.id, token);
  const episodes = (await feedEpisodes(db, follow.id, now)).filter((episode) => fits(feed, episode));
  readUnreadInBackground(db, files, follow.id, episodes);
  const items: FeedItem[] = episodes.map((episode) => ({
    guid: `${follow.platform}:${episode.mediaId}`,
    title: episode.title,
    description: episode.title,
    link: episode.link || follow.channel_url,
    publishedAt: episode.publishedAt,
    durationSeconds: episode.durationSeconds,
    enclosure: { url: episodeUrl(base, episode.mediaId, episode.file.ext), length: episode.size, type: mediaTypeOf(episode.file.ext)!.type },
    imageUrl: episodeImage(episode),
    chaptersUrl: episode.chapters?.length ? chaptersUrl(base, episode.mediaId) : undefined,
  }));
  return renderFeed({
    title: follow.name,
    link: follow.channel_url,
    description: `${follow.name} (${follow.platform})`,
    self: feedUrl(base),
    imageUrl: `${origin}/icon-512.png`,
    author: follow.name,
    language,
  }, items);
}

/** One episode of an opened feed (of the feed's media), or not_found. */
export async function openEpisode(db: Db, opened: OpenedFeed, mediaId: string, now: number): Promise<Episode> {
  const episode = await feedEpisode(db, opened.follow.id, mediaId, now);
  if (!episode || !fits(opened.feed, episode)) throw feedNotFound();
  return episode;
}
