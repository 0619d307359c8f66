import 'server-only';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db';
import { createDownloadJobs } from '@/lib/downloads/download-jobs';
import type { JobRunner } from '@/lib/jobs/runner';
import { analyzeMedia } from '@/lib/media/analyze';
import { tempTtlMs } from '@/lib/media/deliver';
import { getPlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { fetchText } from '@/lib/net/guarded-fetch';
import { downloadDefaults } from '@/lib/settings/download-defaults';
import { followCheckKind, type NewUploads } from './check-kind';
import { followKeepUntil } from './keep';

/** A feed is a few dozen entries: anything larger is not one. */
const FEED_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The follow-check kind as a process runs it: feeds through the guarded fetch, listings through the analysis,
 * the engine's breaker, and background downloads as download jobs on the same runner with the user's defaults.
 */
export function followCheckKindFor(runner: JobRunner, onNew: (found: NewUploads) => Promise<void>) {
  const { env } = config();
  const downloads = createDownloadJobs(runner, { ttlMs: tempTtlMs });
  return followCheckKind({
    db: getDb,
    concurrency: env.FOLLOW_CHECK_CONCURRENCY,
    fetchFeed: async (url, signal) => (await fetchText(url, { signal, maxBytes: FEED_MAX_BYTES })).text,
    analyze: (url, signal) => analyzeMedia(url, { signal }),
    youtubeFeedUrl: () => config().env.FOLLOW_YOUTUBE_FEED_URL,
    listingSize: () => config().env.FOLLOW_LISTING_SIZE,
    checkBreaker: (platform) => getPlatformBreaker().check(platform),
    auto: () => ({ enabled: config().env.FOLLOW_AUTO, quotaBytes: config().env.FOLLOW_STORAGE_QUOTA_BYTES }),
    async startDownload(userId, url) {
      const { defaultQuality, defaultFormat } = await downloadDefaults(userId);
      // Kept for the user to fetch until their history retention ends, not just for the temp TTL.
      const keep = { until: await followKeepUntil(userId, Date.now()) };
      return downloads.start({ url, quality: defaultQuality, format: defaultFormat }, { accountId: userId }, keep);
    },
    onNew,
  });
}
