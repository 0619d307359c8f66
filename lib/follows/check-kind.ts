import 'server-only';
import type { Db } from '@/lib/db';
import { isAppError } from '@/lib/errors';
import type { JobKind } from '@/lib/jobs/runner';
import { passesFilters } from './filters';
import { chargeFollowCheck } from './check-quota';
import { filtersOf, followRow, ownerActive, setCheckError, type FollowRow } from './follows-store';
import { readListing, type Listing, type ListingDeps } from './listing';
import type { Listed } from './listing-types';
import { expectedBytes } from './estimate';
import { retryFollowAt } from './schedule';
import { knownMediaIds, primeFollow, recordUploads, setDownloadId, usedFollowBytes, type SeenUpload } from './uploads-store';

export interface FollowCheckPayload {
  followId: string;
}

/** A check keeps no state of its own: it writes no `jobs` row, and its outcome is in the follow's tables. */
export interface FollowCheckState {
  status: 'checking' | 'done';
  progress: number;
}

export interface NewUploads {
  userId: string;
  followId: string;
  creator: string;
  platform: string;
  uploads: { mediaId: string; title: string; url: string; publishedAt?: number; durationSeconds?: number }[];
}

export interface FollowCheckDeps extends ListingDeps {
  db: () => Promise<Db>;
  now?: () => number;
  concurrency: number;
  /** Throws while the platform's circuit breaker is open (`platform_paused`, with `retryAfter` seconds). */
  checkBreaker: (platform: string) => void;
  /** Whether the operator offers background downloads, and what they may hold per user. */
  auto: () => { enabled: boolean; quotaBytes: number };
  /** Starts a download job of `url` for the user, with their default quality and format; its id. */
  startDownload: (userId: string, url: string, followId: string) => Promise<string>;
  /** New uploads passed the filters (never the ones seen at follow time). */
  onNew: (found: NewUploads) => Promise<void>;
}

/** While a platform is paused, its follows are looked at again after the pause (at least this long). */
const MIN_RETRY_MS = 60_000;

/**
 * Decides what becomes of each new upload: left out by a filter, listed (pick), or downloaded (auto, room left).
 * Room is what finished downloads hold plus what running ones reserved; each upload started here reserves its
 * expected size at once, so one check never starts more than the quota holds.
 */
async function settle(db: Db, row: FollowRow, fresh: Listed[], deps: FollowCheckDeps, now: number): Promise<SeenUpload[]> {
  const filters = filtersOf(row);
  const auto = deps.auto();
  const downloads = row.mode === 'auto' && auto.enabled;
  let used = downloads ? await usedFollowBytes(db, row.user_id, now) : 0;
  return fresh.map((upload): SeenUpload => {
    if (!passesFilters(upload, filters)) return { upload, state: 'skipped', reason: 'filter' };
    if (!downloads) return { upload, state: 'new' };
    if (used >= auto.quotaBytes) return { upload, state: 'skipped', reason: 'quota' };
    const reserved = expectedBytes(upload);
    used += reserved;
    return { upload, state: 'downloading', bytes: reserved };
  });
}

/**
 * The follow-check kind: one follow's listing against what it has seen. The first check records what exists and
 * lists nothing; later ones record only uploads not seen before, so a check that finds nothing new writes nothing
 * but the link it is charged (the schedule was already moved when the check was claimed). While the platform is
 * paused the check is put off. Whose follow it is is read when the check runs, wherever it runs: a disabled account's follows are not checked
 * from the moment it is disabled, and each check that reads the listing is one link of the owner's hourly analysis
 * quota — over it, the check is put off until the hour resets.
 */
export function followCheckKind(deps: FollowCheckDeps): JobKind<FollowCheckPayload, FollowCheckState> {
  const now = deps.now ?? Date.now;
  const done: FollowCheckState = { status: 'done', progress: 100 };
  return {
    type: 'follow-check',
    concurrency: deps.concurrency,
    active: ['checking'],
    ended: ['done'],
    interrupted: done,
    cancelled: done,
    encode: (state) => ({ status: state.status, progress: state.progress, message: null, result: null }),
    decode: (row) => ({ status: row.status === 'checking' ? 'checking' : 'done', progress: row.progress }),
    async run(context, { followId }) {
      const db = await deps.db();
      const row = await followRow(db, followId);
      if (!row || row.paused || !(await ownerActive(db, row.user_id))) return;
      try {
        deps.checkBreaker(row.platform);
      } catch (error) {
        const seconds = Number((error as { details?: { retryAfter?: number } }).details?.retryAfter ?? 0);
        await retryFollowAt(db, followId, now() + Math.max(MIN_RETRY_MS, seconds * 1000));
        return;
      }
      const charged = await chargeFollowCheck(db, row.user_id, now());
      if (!charged.allowed) {
        await retryFollowAt(db, followId, charged.retryAt);
        return;
      }
      let listing: Listing;
      try {
        listing = await readListing({ platform: row.platform, channelUrl: row.channel_url, feedId: row.feed_id }, deps, context.signal);
      } catch (error) {
        console.warn('[follows] check failed', followId, (error as Error)?.message);
        await setCheckError(db, followId, isAppError(error) ? error.code : 'upstream_failed');
        return;
      }
      if (row.last_check_error) await setCheckError(db, followId, null);
      const listed = listing.uploads;
      if (!row.primed) return primeFollow(db, followId, listed, now(), listing.name);
      const known = await knownMediaIds(db, followId, listed.map((upload) => upload.mediaId));
      const fresh = listed.filter((upload) => !known.has(upload.mediaId));
      if (fresh.length === 0) return;
      const seen = await settle(db, row, fresh, deps, now());
      await db.transaction((tx) => recordUploads(tx, followId, seen, now()));
      for (const item of seen.filter((entry) => entry.state === 'downloading')) {
        try {
          await setDownloadId(db, followId, item.upload.mediaId, await deps.startDownload(row.user_id, item.upload.url, followId));
        } catch (error) {
          console.warn('[follows] background download not started', followId, (error as Error)?.message);
          await setDownloadId(db, followId, item.upload.mediaId, null);
        }
      }
      const shown = seen.filter((entry) => entry.state === 'new' || entry.state === 'downloading')
        .map(({ upload: { mediaId, title, url, publishedAt, durationSeconds } }) => ({ mediaId, title, url, publishedAt, durationSeconds }));
      if (shown.length > 0) {
        await deps.onNew({ userId: row.user_id, followId, creator: row.name, platform: row.platform, uploads: shown });
      }
    },
  };
}
