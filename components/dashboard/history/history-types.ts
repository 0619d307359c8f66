/** One row of the download history as the history API returns it. */
export interface HistoryEntry {
  _id: string;
  mediaInfo: { thumbnail?: string | null; title: string; platform: string };
  /** ISO date-time */
  downloadedAt: string;
  quality: string;
  format: string;
  /** 'completed'; anything else is shown in the failed style */
  status: string;
  /** already formatted text ("12.4 MB") or bytes */
  fileSize?: string | number | null;
}

/** The platform filter's values; 'all' means "omit the parameter" (Radix Select items cannot be empty). */
export const HISTORY_PLATFORMS = ['all', 'youtube', 'tiktok', 'instagram', 'twitter'] as const;
export type HistoryPlatformFilter = (typeof HISTORY_PLATFORMS)[number];
