import type { Platform } from '@/lib/media/types';

/** A creator, as GET /api/creators/{slug} answers it and the creator page renders it. */
export interface CreatorVideo {
  id: string;
  title: string;
  thumbnail: string;
  /** The link the download page analyses for this video. */
  url: string;
}

export interface Creator {
  slug: string;
  name: string;
  avatar: string;
  bio: string;
  platform: Platform;
  channelUrl: string;
  stats: { subscribers: number; videos: number; views: number };
  latestVideos: CreatorVideo[];
  /** 'channel' when read from the channel itself, 'sample' when that failed and the page shows generated data. */
  source: 'channel' | 'sample';
}
