import 'server-only';
import type { Readable } from 'node:stream';
import type { Db } from '@/lib/db';
import { contentTypeFor } from '@/lib/media/deliver/serve/content-types';
import { insideRoot, isFileInside, writeAtomic, writeUnderFreeName } from './fs-safe';
import { followHasMedia, nextEpisode, recordEntry } from './library-store';
import { freeFileName, placeFile, sidecarNames, type LibraryLayout } from './layout';
import { episodeNfo, tvshowNfo } from './nfo';
import { pruneFollow } from './prune';
import { userFolder } from './root';
import { readLibrarySettings, type FollowForLibrary } from './settings-store';
import { splitExt } from './safe-name';
import { DEFAULT_TEMPLATE, type TemplateValues } from './template';

/** What a finished download says about its media, as much as the source told. */
export interface SavedMedia {
  mediaId: string;
  platform: string;
  title: string;
  description?: string;
  creator?: string;
  channelId?: string | null;
  /** YYYYMMDD or YYYY-MM-DD. */
  uploadDate?: string;
  durationSeconds?: number;
  thumbnailUrl?: string;
  playlist?: string;
  playlistIndex?: number;
  quality: string;
  ext: string;
  size: number;
}

export interface SaveInput {
  userId: string;
  /** The follow it came from, when it did (its template, layout and keep policy apply). */
  follow?: FollowForLibrary;
  /** The request's own template (a preset's), over the follow's and the user's. */
  template?: string;
  media: SavedMedia;
}

export interface SaveDeps {
  db: Db;
  root: string;
  /** The prepared file's bytes. */
  read: () => Promise<Readable>;
  /** The media's picture as JPEG bytes: its source's (`src`), else a frame of the written file; undefined when neither. */
  picture: (src: string | undefined, written: string) => Promise<Uint8Array | undefined>;
  /** What a user's library may hold in all (bytes). */
  quotaBytes: number;
  now?: () => number;
}

export type SaveResult = { saved: true; relPath: string } | { saved: false; reason: 'duplicate' | 'quota' };

const isoDate = (value: string | undefined) => {
  const match = value ? /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value) : null;
  return match ? { compact: `${match[1]}${match[2]}${match[3]}`, iso: `${match[1]}-${match[2]}-${match[3]}`, parts: match.slice(1, 4) } : undefined;
};

/** The template's values from what the download knows. */
export function templateValues(media: SavedMedia): TemplateValues {
  const date = isoDate(media.uploadDate);
  return {
    creator: media.creator, channel_id: media.channelId, title: media.title, id: media.mediaId,
    upload_date: date?.compact, upload_year: date?.parts[0], upload_month: date?.parts[1], upload_day: date?.parts[2],
    platform: media.platform, playlist: media.playlist, playlist_index: media.playlistIndex, quality: media.quality, ext: media.ext,
  };
}

async function usedBytes(db: Db, userId: string): Promise<number> {
  const row = await db.get<{ n: number | null }>('SELECT SUM(size) AS n FROM library_entries WHERE user_id = ?', [userId]);
  return Number(row?.n ?? 0);
}

/**
 * Writes one finished download into the user's library folder: named by the follow's template (else the user's),
 * laid out plainly or for media servers (then with the show's tvshow.nfo and poster, the episode's NFO and
 * thumbnail), recorded, and the follow's keep policy applied. A follow's upload already in its library is not
 * written twice; a file that would take the user's library past its quota is not written.
 */
export async function saveToLibrary(deps: SaveDeps, input: SaveInput): Promise<SaveResult> {
  const { db, root } = deps;
  const now = (deps.now ?? Date.now)();
  const { media, follow } = input;
  if (follow && (await followHasMedia(db, follow.id, media.mediaId))) return { saved: false, reason: 'duplicate' };
  if ((await usedBytes(db, input.userId)) + media.size > deps.quotaBytes) return { saved: false, reason: 'quota' };
  const settings = await readLibrarySettings(db, input.userId);
  const template = input.template ?? follow?.template ?? settings.template ?? DEFAULT_TEMPLATE;
  const layout: LibraryLayout = follow?.layout ?? settings.layout;
  const values = templateValues({ ...media, creator: media.creator || follow?.name, channelId: media.channelId ?? follow?.feedId });
  const placed = placeFile(template, layout, values, now);
  const folders = [userFolder(input.userId), ...placed.folders];
  // Two saves of the same name at once (a download and a batch item, two nodes) each get their own.
  const fileName = await writeUnderFreeName(root, folders, (taken) => freeFileName(placed.fileName, taken, layout === 'media-server'), await deps.read());
  const written = insideRoot(root, [...folders, fileName]);

  const picture = await deps.picture(media.thumbnailUrl, written);
  const { nfo, thumb } = sidecarNames(fileName);
  if (picture) await writeAtomic(root, folders, thumb, Buffer.from(picture));
  let season: number | null = null;
  let episode: number | null = null;
  if (layout === 'media-server' && placed.show) {
    season = placed.show.season;
    episode = await nextEpisode(db, input.userId, folders.join('/'));
    const showFolders = [userFolder(input.userId), ...placed.show.folders];
    const showTitle = placed.show.folders[0];
    if (!(await isFileInside(root, [...showFolders, 'tvshow.nfo']))) {
      await writeAtomic(root, showFolders, 'tvshow.nfo', tvshowNfo({
        title: String(values.creator ?? showTitle), platform: media.platform, channelId: values.channel_id ? String(values.channel_id) : null,
        poster: picture ? 'poster.jpg' : null,
      }));
    }
    if (picture && !(await isFileInside(root, [...showFolders, 'poster.jpg']))) await writeAtomic(root, showFolders, 'poster.jpg', Buffer.from(picture));
    await writeAtomic(root, folders, nfo, episodeNfo({
      title: media.title, showTitle: String(values.creator ?? showTitle), plot: media.description, aired: isoDate(media.uploadDate)?.iso,
      platform: media.platform, mediaId: media.mediaId, season, episode, durationSeconds: media.durationSeconds, thumb: picture ? thumb : null,
    }));
  }
  const relPath = [...folders, fileName].join('/');
  const published = isoDate(media.uploadDate);
  await recordEntry(db, {
    user_id: input.userId, follow_id: follow?.id ?? null, media_id: media.mediaId, platform: media.platform, rel_path: relPath,
    size: media.size, mime: contentTypeFor(splitExt(fileName).ext.slice(1)), title: media.title, description: media.description ?? '',
    published_at: published ? Date.parse(`${published.iso}T00:00:00Z`) : null,
    duration_s: media.durationSeconds ? Math.round(media.durationSeconds) : null,
    thumb_rel_path: picture ? [...folders, thumb].join('/') : null, season, episode, created_at: now,
  });
  if (follow) await pruneFollow(db, root, follow, now);
  return { saved: true, relPath };
}
