import { createHash } from 'node:crypto';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { publicThumbnail, thumbnailSource } from '@/lib/thumbnails/signed-url';
import type { CreatorSource } from './creator-sources';
import type { ChannelReading, Creator } from './types';

export const MAX_LATEST_VIDEOS = 24;

const idFor = (url: string) => createHash('sha256').update(url).digest('base64url').slice(0, 12);

/** 'mr-beast_tv' → 'Mr Beast Tv': the name of a creator we know only by slug. */
export const humanName = (slug: string) =>
  slug.replace(/^@/, '').split(/[-_.]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') || slug;

/** The name the popular list gives, else the slug's. */
export const knownName = (source: CreatorSource) => source.popular?.name ?? humanName(source.slug);

/**
 * A channel's analysis → a reading: name, picture, description and the listed videos, each as the listing gave
 * it (an untitled entry is numbered, a missing picture stays missing; a picture is kept by its own address, not
 * our route's signed path). Undefined when the listing has no videos: an empty listing is not a good reading and
 * must not replace one.
 */
export function channelReading(source: CreatorSource, media: AnalyzedMedia): ChannelReading | undefined {
  const { info } = media;
  const name = source.popular?.name ?? (info.title.trim() || humanName(source.slug));
  const seen = new Set<string>();
  const latestVideos = (info.entries ?? [])
    .filter((entry) => entry.url && !seen.has(entry.url) && seen.add(entry.url))
    .slice(0, MAX_LATEST_VIDEOS)
    .map((entry, n) => ({
      id: entry.id || idFor(entry.url),
      title: entry.title?.trim() || `${name} #${n + 1}`,
      ...(entry.thumbnail ? { thumbnail: thumbnailSource(entry.thumbnail) } : {}),
      url: entry.url,
    }));
  if (latestVideos.length === 0) return undefined;
  return {
    name,
    avatar: thumbnailSource(info.thumbnail) || undefined,
    bio: info.description.trim() || undefined,
    videos: Math.max(latestVideos.length, info.entries?.length ?? 0),
    latestVideos,
  };
}

/**
 * The creator page's data: from a reading (now or stored), or the bare header when there has never been one.
 * Its pictures load through our thumbnail route, never from the platform's host.
 */
export function creatorFrom(source: CreatorSource, reading: { reading: ChannelReading; readAt: number; fresh: boolean } | undefined): Creator {
  const base = { slug: source.slug, platform: source.platform, channelUrl: source.channelUrl };
  if (!reading) return { ...base, name: knownName(source), stats: {}, latestVideos: [], source: 'none', readAt: null };
  const { name, avatar, bio, videos } = reading.reading;
  const latestVideos = reading.reading.latestVideos.map(({ thumbnail, ...video }) => {
    const shown = publicThumbnail(thumbnail);
    return shown ? { ...video, thumbnail: shown } : video;
  });
  return {
    ...base, name, avatar: publicThumbnail(avatar), bio, stats: { videos }, latestVideos, source: reading.fresh ? 'channel' : 'stored', readAt: reading.readAt,
  };
}
