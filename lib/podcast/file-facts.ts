import 'server-only';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Db } from '@/lib/db';
import type { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import { probeChapters } from './chapters';
import { saveFileFacts, type Episode } from './episodes';

/** Episodes being read on this process: a feed read twice at once reads each file once. */
const reading = new Set<string>();

/**
 * Reads one file's chapters and length (from the file store by key, or the library folder by path) and keeps them
 * on its upload; a file gone or unreadable is left unread.
 */
export async function readFileFacts(db: Db, files: SharedPreparations, followId: string, mediaId: string, file: { key: string } | { path: string }): Promise<void> {
  const id = `${followId}/${mediaId}`;
  if (reading.has(id)) return;
  reading.add(id);
  try {
    let facts;
    if ('path' in file) {
      facts = await probeChapters(createReadStream(file.path), (await stat(file.path)).size);
    } else {
      const ready = await files.peek(file.key);
      if (!ready) return;
      const opened = await files.open(ready);
      facts = await probeChapters(opened.stream(), opened.size);
    }
    await saveFileFacts(db, followId, mediaId, facts.chapters, facts.durationSeconds);
  } catch (error) {
    console.warn('[podcast] could not read the chapters of', id, (error as Error)?.message);
  } finally {
    reading.delete(id);
  }
}

/**
 * Episodes whose file was never read (downloaded before feeds read chapters) are read in the background, a few
 * per feed read, so a later read lists their chapters; the feed itself never waits for ffprobe.
 */
export function readUnreadInBackground(db: Db, files: SharedPreparations, followId: string, episodes: readonly Episode[], max = 3): void {
  const unread = episodes.filter((episode) => episode.chapters === null).slice(0, max);
  void (async () => {
    for (const episode of unread) await readFileFacts(db, files, followId, episode.mediaId, episode.file);
  })();
}
