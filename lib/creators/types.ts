import type { Platform } from '@/lib/media/types';

/** A creator, as GET /api/creators/{slug} answers it and the creator page renders it. */
export interface CreatorVideo {
  id: string;
  title: string;
  /** The platform's picture, when the listing gave one. */
  thumbnail?: string;
  /** The link the download page analyses for this video. */
  url: string;
}

/**
 * Everything here comes from the popular list (name, platform, channel link) or from a reading of the channel
 * itself; nothing is generated. Counts the channel listing does not carry (subscribers, views) are left out.
 */
export interface Creator {
  slug: string;
  name: string;
  /** The channel's picture, from a reading. */
  avatar?: string;
  /** The channel's description, from a reading. */
  bio?: string;
  platform: Platform;
  channelUrl: string;
  /** Counted from a reading; absent when there has never been one. */
  stats: { videos?: number };
  latestVideos: CreatorVideo[];
  /**
   * 'channel': read now (or within the cache time); 'stored': the channel cannot be read now, this is the last
   * good reading; 'none': there has never been a good reading, so there are no videos to show.
   */
  source: 'channel' | 'stored' | 'none';
  /** When the reading shown was taken (epoch ms); null with no reading. */
  readAt: number | null;
}

/** What a good reading of a channel holds: what is stored and shown again when the channel cannot be read. */
export interface ChannelReading {
  name: string;
  avatar?: string;
  bio?: string;
  videos: number;
  latestVideos: CreatorVideo[];
}
