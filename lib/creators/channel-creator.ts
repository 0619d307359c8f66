import { createHash } from 'node:crypto';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { CreatorSource } from './creator-sources';
import { sampleCreator } from './sample-creator';
import { thumbnailArt } from './sample-art';
import type { Creator } from './types';

export const MAX_LATEST_VIDEOS = 24;

const idFor = (url: string) => createHash('sha256').update(url).digest('base64url').slice(0, 12);

/**
 * A channel's analysis → the creator page's data. The listing gives name, picture, description and the
 * videos; audience and view counts are not in it, so those come from the popular list (or the sample).
 */
export function channelCreator(source: CreatorSource, media: AnalyzedMedia): Creator {
  const { info } = media;
  const base = sampleCreator(source, source.popular?.name ?? (info.title.trim() || undefined));
  const seen = new Set<string>();
  const latestVideos = (info.entries ?? [])
    .filter((entry) => entry.url && !seen.has(entry.url) && seen.add(entry.url))
    .slice(0, MAX_LATEST_VIDEOS)
    .map((entry, n) => {
      const title = entry.title?.trim() || `${base.name} #${n + 1}`;
      return { id: entry.id || idFor(entry.url), title, thumbnail: entry.thumbnail || thumbnailArt(`#${n + 1}`, (n * 37) % 360), url: entry.url };
    });
  return {
    ...base,
    avatar: info.thumbnail || base.avatar,
    bio: info.description.trim() || base.bio,
    stats: { ...base.stats, videos: Math.max(latestVideos.length, info.entries?.length ?? 0) },
    latestVideos,
    source: 'channel',
  };
}
