import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { createDownloadJobs } from '@/lib/downloads/download-jobs';
import type { JobRunner } from '@/lib/jobs/runner';
import type { Analyze } from '@/lib/media/analyze';
import { tempTtlMs } from '@/lib/media/deliver';
import type { PlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { fetchText } from '@/lib/net/guarded-fetch';
import { deliveryDefaults, downloadDefaults } from '@/lib/settings/download-defaults';
import { sponsorListsOf } from '@/lib/settings/sponsorblock';
import { openFeedMedia } from '@/lib/podcast/feed-store';
import { FEED_FORMAT } from '@/lib/podcast/media-types';
import { backgroundStartAt } from '@/lib/windows/start-at';
import { followCheckKind, type NewUploads } from './check-kind';
import { followKeepUntil } from './keep';

/** A feed is a few dozen entries: anything larger is not one. */
const FEED_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The follow-check kind as a process runs it: feeds through the guarded fetch, listings through the analysis,
 * the engine's breaker, and background downloads as download jobs on the same runner with the user's defaults.
 */
export function followCheckKindFor(runner: JobRunner, { db, engine, onNew }: {
  db: () => Promise<Db>; engine: { analyze: Analyze; breaker: PlatformBreaker }; onNew: (found: NewUploads) => Promise<void>;
}) {
  const { env } = config();
  const downloads = createDownloadJobs(runner, { ttlMs: tempTtlMs });
  return followCheckKind({
    db,
    concurrency: env.FOLLOW_CHECK_CONCURRENCY,
    fetchFeed: async (url, signal) => (await fetchText(url, { signal, maxBytes: FEED_MAX_BYTES })).text,
    analyze: (url, signal) => engine.analyze(url, { signal }),
    youtubeFeedUrl: () => config().env.FOLLOW_YOUTUBE_FEED_URL,
    listingSize: () => config().env.FOLLOW_LISTING_SIZE,
    checkBreaker: (platform) => engine.breaker.check(platform),
    auto: () => ({ enabled: config().env.FOLLOW_AUTO, quotaBytes: config().env.FOLLOW_STORAGE_QUOTA_BYTES }),
    async startDownload(userId, url, followId) {
      const { defaultQuality, defaultFormat: preferred } = await downloadDefaults(db, userId);
      const store = await db();
      // While the follow's podcast feed is on, its episodes take the feed's media in a format podcast apps play.
      const feedMedia = await openFeedMedia(store, followId);
      const defaultFormat = feedMedia ? FEED_FORMAT[feedMedia] : preferred;
      // Outside the operator's and the user's download windows it waits, scheduled for their next opening.
      const startAt = await backgroundStartAt(store, userId, Date.now());
      // Kept for the user to fetch until their history retention ends, not just for the temp TTL.
      const keep = { until: await followKeepUntil(store, userId, startAt) };
      // The sound is normalised as the user's setting says.
      const { loudness } = await deliveryDefaults(db, { embedMetadata: true }, userId);
      // SponsorBlock's segments are marked or cut as the user's SponsorBlock setting says.
      const sponsor = await sponsorListsOf(store, {}, userId);
      return downloads.start({ url, quality: defaultQuality, format: defaultFormat, loudness, ...sponsor }, { accountId: userId }, keep, { startAt });
    },
    onNew,
  });
}
