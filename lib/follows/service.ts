import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { DownloadJobs } from '@/lib/downloads/download-jobs';
import type { JobRunner } from '@/lib/jobs/runner';
import { recogniseResolved } from '@/lib/media/short-links/resolve-short-link';
import { assertFollowCheckAllowed } from './check-quota';
import { createFollow, deleteFollow, followOfLink, listFollows, ownFollowRow, updateFollow } from './follows-store';
import { claimFollowNow } from './schedule';
import { followFiltersSchema, type Follow, type FollowList, type FollowPatch, type FollowRequest } from './schemas';
import { ownUpload, setUploadState } from './uploads-store';
import { youtubeChannelId } from './youtube-feed';
import { sponsorListsOf } from '@/lib/settings/sponsorblock';

/** What the follow routes need of the process's services. */
export interface FollowServices {
  jobs: Pick<JobRunner, 'enqueue'>;
  downloads: Pick<DownloadJobs, 'start'>;
}

/** Kinds of link that list uploads; a generic page may too (yt-dlp lists many sites' channels). */
const LISTABLE = new Set(['channel', 'playlist']);

const periodMs = () => config().env.FOLLOW_CHECK_MINUTES * 60_000;
export const followNotFound = () => new AppError('not_found', 'Follow not found');
const uploadNotFound = () => new AppError('not_found', 'Upload not found');

function assertModeOffered(mode: Follow['mode'] | undefined) {
  if (mode === 'auto' && !config().env.FOLLOW_AUTO) {
    throw new AppError('follow_auto_unavailable', 'Automatic downloads of followed creators are not offered on this server.');
  }
}

/** Claims the follow for a check now and queues it, unless one ran in the last seconds; whether one was queued. */
async function queueCheck(db: Db, userId: string, id: string, services: FollowServices, at: number): Promise<{ queued: boolean }> {
  if (!(await claimFollowNow(db, userId, id, at, periodMs()))) return { queued: false };
  await services.jobs.enqueue('follow-check', { id: `fck_${id}_${at}`, payload: { followId: id } });
  return { queued: true };
}

/**
 * Queues a check of the follow now unless one ran in the last seconds; whether one was queued. With no link of the
 * hour's analysis quota left it is refused (429): the check would only be put off.
 */
export async function checkFollowNow(db: Db, userId: string, id: string, services: FollowServices): Promise<{ queued: boolean }> {
  if (!(await ownFollowRow(db, userId, id))) throw followNotFound();
  const at = Date.now();
  await assertFollowCheckAllowed(db, userId, at);
  return queueCheck(db, userId, id, services, at);
}

/**
 * Follows a channel or playlist link (the same link twice is the existing follow) and queues its first check at
 * once: it records what the creator has now, so only later uploads are shown. A new follow needs a place among the
 * account's FOLLOWS_PER_USER (409 follow_limit) and a link of the hour's analysis quota for its first check (429).
 */
export async function followLink(db: Db, userId: string, request: FollowRequest, services: FollowServices): Promise<Follow> {
  // A short link is the channel it leads to: following it twice, or it and the channel's own link, is one follow.
  const recognition = await recogniseResolved(request.url);
  if (recognition.platform !== 'generic' && !LISTABLE.has(recognition.kind)) {
    throw new AppError('follow_not_a_channel', 'This link is not a channel or playlist to follow.');
  }
  assertModeOffered(request.mode);
  const channelUrl = recognition.canonicalUrl;
  const existing = await followOfLink(db, userId, channelUrl);
  if (existing) return existing;
  const at = Date.now();
  await assertFollowCheckAllowed(db, userId, at);
  const follow = await createFollow(db, userId, {
    platform: recognition.platform,
    channelUrl,
    feedId: recognition.platform === 'youtube' ? (youtubeChannelId(channelUrl) ?? null) : null,
    name: request.name ?? recognition.id ?? new URL(channelUrl).hostname,
    mode: request.mode,
    filters: request.filters ?? followFiltersSchema.parse({}),
    ...(request.library ? { library: request.library } : {}),
  }, at, periodMs(), config().env.FOLLOWS_PER_USER);
  await queueCheck(db, userId, follow.id, services, at);
  return follow;
}

export async function followList(db: Db, userId: string): Promise<FollowList> {
  return { follows: await listFollows(db, userId), autoAvailable: config().env.FOLLOW_AUTO };
}

export async function changeFollow(db: Db, userId: string, id: string, patch: FollowPatch): Promise<Follow> {
  assertModeOffered(patch.mode);
  const follow = await updateFollow(db, userId, id, patch);
  if (!follow) throw followNotFound();
  return follow;
}

export async function unfollow(db: Db, userId: string, id: string): Promise<{ deleted: true }> {
  if (!(await deleteFollow(db, userId, id))) throw followNotFound();
  return { deleted: true };
}

/** Downloads a listed upload as a normal download job of the user's, with their default quality and format. */
export async function downloadUpload(
  db: Db, userId: string, followId: string, mediaId: string, services: FollowServices, defaults: { quality: string; format: 'mp4' | 'webm' | 'mp3' | 'wav' },
): Promise<{ downloadId: string }> {
  const upload = await ownUpload(db, userId, followId, mediaId);
  if (!upload) throw uploadNotFound();
  const sponsor = await sponsorListsOf(db, {}, userId);
  const downloadId = await services.downloads.start({ url: upload.url, quality: defaults.quality, format: defaults.format, ...sponsor }, { accountId: userId });
  // Settled like a background download when it ends (lib/follows/download-hook.ts).
  await setUploadState(db, followId, mediaId, 'downloading', { downloadId });
  return { downloadId };
}

/** Takes an upload off the list for good. */
export async function dismissUpload(db: Db, userId: string, followId: string, mediaId: string): Promise<{ dismissed: true }> {
  if (!(await ownUpload(db, userId, followId, mediaId))) throw uploadNotFound();
  await setUploadState(db, followId, mediaId, 'dismissed');
  return { dismissed: true };
}
