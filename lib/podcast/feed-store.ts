import 'server-only';
import type { Db } from '@/lib/db';
import type { FeedMedia } from './media-types';

export interface FeedRow {
  follow_id: string;
  token_hash: string | null;
  media: FeedMedia;
  created_at: number;
  updated_at: number;
}

export async function feedRow(db: Db, followId: string): Promise<FeedRow | undefined> {
  return db.get<FeedRow>('SELECT follow_id, token_hash, media, created_at, updated_at FROM podcast_feeds WHERE follow_id = ?', [followId]);
}

/** The feed's token becomes the one hashed here (a new feed, or a regenerated one: the previous token dies). */
export async function setFeedToken(db: Db, followId: string, tokenHash: string, at: number): Promise<void> {
  await db.run(
    `INSERT INTO podcast_feeds (follow_id, token_hash, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (follow_id) DO UPDATE SET token_hash = excluded.token_hash, updated_at = excluded.updated_at`,
    [followId, tokenHash, at, at],
  );
}

/** No token opens the feed any more (its media setting stays). */
export async function revokeFeedToken(db: Db, followId: string, at: number): Promise<void> {
  await db.run('UPDATE podcast_feeds SET token_hash = NULL, updated_at = ? WHERE follow_id = ?', [at, followId]);
}

export async function setFeedMedia(db: Db, followId: string, media: FeedMedia, at: number): Promise<void> {
  await db.run(
    `INSERT INTO podcast_feeds (follow_id, media, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (follow_id) DO UPDATE SET media = excluded.media, updated_at = excluded.updated_at`,
    [followId, media, at, at],
  );
}

/** The media of the follow's feed while a token opens it (else undefined): what its background downloads take. */
export async function openFeedMedia(db: Db, followId: string): Promise<FeedMedia | undefined> {
  const row = await db.get<{ media: FeedMedia }>('SELECT media FROM podcast_feeds WHERE follow_id = ? AND token_hash IS NOT NULL', [followId]);
  return row?.media;
}
