import 'server-only';
import type { Db } from '@/lib/db';
import path from 'node:path';
import type { KeptFile } from '@/lib/downloads/download-kind';
import { listFollowEntries } from '@/lib/library/library-store';
import { libraryRoot } from '@/lib/library/root';
import type { Chapter } from './chapters';

/** An episode's file: a kept download in the file store (`key`), or a file in the library folder (`path`). */
export type EpisodeFile = { title: string; ext: string } & ({ key: string } | { path: string });

/** One episode a feed may list: a follow's upload whose file is kept for its owner. */
export interface Episode {
  mediaId: string;
  platform: string;
  title: string;
  /** The upload's page on its platform. */
  link: string;
  publishedAt: number | null;
  durationSeconds: number | null;
  size: number;
  /** Where the file is (a kept download in the file store, or a file in the library folder), its name and extension. */
  file: EpisodeFile;
  /** Read from the file; null until it has been read. */
  chapters: Chapter[] | null;
}

interface Row {
  media_id: string;
  platform: string;
  title: string;
  url: string;
  published_at: number | null;
  duration_s: number | null;
  bytes: number | null;
  chapters: string | null;
  seen_at: number;
  result: string | null;
}

/** A feed lists at most this many episodes, newest first. */
export const FEED_EPISODE_LIMIT = 500;

function episodeOf(row: Row): Episode | undefined {
  const result = row.result ? (JSON.parse(row.result) as { keptFile?: KeptFile }) : undefined;
  const file = result?.keptFile;
  if (!file?.key || !file.ext) return undefined;
  const kept: EpisodeFile = { key: file.key, title: file.title, ext: file.ext };
  return {
    mediaId: row.media_id, platform: row.platform, title: row.title, link: row.url,
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    durationSeconds: row.duration_s === null ? null : Number(row.duration_s),
    size: Number(row.bytes ?? 0), file: kept,
    chapters: row.chapters === null ? null : (JSON.parse(row.chapters) as Chapter[]),
  };
}

const SELECT = `SELECT u.media_id, f.platform, u.title, u.url, u.published_at, u.duration_s, u.bytes, u.chapters, u.seen_at, j.result
  FROM follow_uploads u JOIN follows f ON f.id = u.follow_id JOIN jobs j ON j.id = u.download_id
  WHERE u.follow_id = ? AND u.state = 'downloaded' AND j.type = 'download' AND j.status = 'ready' AND j.expires_at > ?`;

/**
 * The episodes of a follow's feed, newest first: its files in the library folder when the library is on and holds
 * some, else its uploads downloaded and still kept (the job's row lives exactly as long as its file). The one place
 * a feed reads what it lists.
 */
export async function feedEpisodes(db: Db, followId: string, now: number): Promise<Episode[]> {
  const library = await libraryEpisodes(db, followId);
  if (library.length > 0) return library;
  const rows = await db.query<Row>(
    `${SELECT} ORDER BY COALESCE(u.published_at, u.seen_at) DESC, u.media_id LIMIT ?`, [followId, now, FEED_EPISODE_LIMIT],
  );
  return rows.map(episodeOf).filter((e): e is Episode => e !== undefined);
}

/** One episode of the follow's feed, or undefined. */
export async function feedEpisode(db: Db, followId: string, mediaId: string, now: number): Promise<Episode | undefined> {
  const library = await libraryEpisodes(db, followId);
  if (library.length > 0) return library.find((episode) => episode.mediaId === mediaId);
  const row = await db.get<Row>(`${SELECT} AND u.media_id = ?`, [followId, now, mediaId]);
  return row && episodeOf(row);
}

/** What reading the file found: chapters (maybe none), and its length where the listing gave none. */
export async function saveFileFacts(db: Db, followId: string, mediaId: string, chapters: Chapter[], durationSeconds: number | null): Promise<void> {
  await db.run(
    'UPDATE follow_uploads SET chapters = ?, duration_s = COALESCE(duration_s, ?) WHERE follow_id = ? AND media_id = ?',
    [JSON.stringify(chapters), durationSeconds === null ? null : Math.round(durationSeconds), followId, mediaId],
  );
}

/** The follow's files in the library folder (none while LIBRARY_DIR is off), with the chapters read from each. */
async function libraryEpisodes(db: Db, followId: string): Promise<Episode[]> {
  if (!libraryRoot()) return [];
  const entries = (await listFollowEntries(db, followId)).slice(0, FEED_EPISODE_LIMIT);
  if (entries.length === 0) return [];
  const read = await db.query<{ media_id: string; chapters: string | null }>('SELECT media_id, chapters FROM follow_uploads WHERE follow_id = ?', [followId]);
  const chapters = new Map(read.map((row) => [row.media_id, row.chapters]));
  return entries.map((entry) => {
    const stored = chapters.get(entry.mediaId);
    return {
      mediaId: entry.mediaId, platform: entry.platform, title: entry.title, link: '', publishedAt: entry.publishedAt ?? entry.createdAt,
      durationSeconds: entry.durationSeconds, size: entry.size,
      file: { path: entry.path, title: entry.title, ext: path.extname(entry.path).slice(1).toLowerCase() },
      // An upload the follow never listed (none to keep them on) is not read: it lists no chapters.
      chapters: stored === undefined ? [] : stored === null ? null : (JSON.parse(stored) as Chapter[]),
    };
  });
}
