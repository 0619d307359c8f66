import 'server-only';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { ownFollowRow } from '@/lib/follows/follows-store';
import { feedRow, revokeFeedToken, setFeedMedia, setFeedToken } from './feed-store';
import { feedBase, feedUrl } from './links';
import type { FeedCreated, FeedPatch, FeedStatus } from './schemas';
import { hashFeedToken, newFeedToken } from './tokens';

const iso = (at: number | undefined) => (at === undefined ? null : new Date(Number(at)).toISOString());

async function ownFollow(db: Db, userId: string, followId: string): Promise<void> {
  if (!(await ownFollowRow(db, userId, followId))) throw new AppError('not_found', 'Follow not found');
}

/** The feed of the user's own follow: on or off, and what it carries (video until set). */
export async function feedStatus(db: Db, userId: string, followId: string): Promise<FeedStatus> {
  await ownFollow(db, userId, followId);
  const row = await feedRow(db, followId);
  return { enabled: Boolean(row?.token_hash), media: row?.media ?? 'video', updatedAt: iso(row?.updated_at) };
}

/** A new secret for the feed (the previous one stops working); its address is given this once. */
export async function regenerateFeed(db: Db, userId: string, followId: string, origin: string, now: number): Promise<FeedCreated> {
  await ownFollow(db, userId, followId);
  const token = newFeedToken();
  await setFeedToken(db, followId, hashFeedToken(token), now);
  return { ...(await feedStatus(db, userId, followId)), url: feedUrl(feedBase(origin, followId, token)) };
}

/** The feed's address stops working; a new one can be made later. */
export async function revokeFeed(db: Db, userId: string, followId: string, now: number): Promise<FeedStatus> {
  await ownFollow(db, userId, followId);
  await revokeFeedToken(db, followId, now);
  return feedStatus(db, userId, followId);
}

export async function changeFeed(db: Db, userId: string, followId: string, patch: FeedPatch, now: number): Promise<FeedStatus> {
  await ownFollow(db, userId, followId);
  await setFeedMedia(db, followId, patch.media, now);
  return feedStatus(db, userId, followId);
}
