import 'server-only';
import type { Db } from '@/lib/db';
import { removeInside } from './fs-safe';
import { entriesToDrop } from './keep-policy';
import { deleteEntries, type EntryRow } from './library-store';
import { sidecarNames } from './layout';
import type { FollowForLibrary } from './settings-store';

/** A stored relative path as its components. */
const partsOf = (relPath: string) => relPath.split('/');

/** Removes one entry's files: the media file, its thumbnail and its NFO (the show's own files stay). */
export async function removeEntryFiles(root: string, row: Pick<EntryRow, 'rel_path' | 'thumb_rel_path'>): Promise<void> {
  const parts = partsOf(row.rel_path);
  await removeInside(root, parts);
  const { nfo } = sidecarNames(parts[parts.length - 1]);
  await removeInside(root, [...parts.slice(0, -1), nfo]);
  if (row.thumb_rel_path) await removeInside(root, partsOf(row.thumb_rel_path));
}

/** Applies a follow's keep policy: what it no longer keeps leaves the folder and the table. How many went. */
export async function pruneFollow(db: Db, root: string, follow: Pick<FollowForLibrary, 'id' | 'keep'>, now: number): Promise<number> {
  if (follow.keep.kind === 'all') return 0;
  const rows = await db.query<EntryRow>('SELECT * FROM library_entries WHERE follow_id = ?', [follow.id]);
  const drop = new Set(entriesToDrop(rows.map((row) => ({
    id: row.id, publishedAt: row.published_at === null ? null : Number(row.published_at), createdAt: Number(row.created_at),
  })), follow.keep, now));
  if (drop.size === 0) return 0;
  for (const row of rows.filter((entry) => drop.has(entry.id))) {
    await removeEntryFiles(root, row).catch((error) => console.warn('[library] could not remove', row.rel_path, (error as Error)?.message));
  }
  await deleteEntries(db, [...drop]);
  return drop.size;
}
