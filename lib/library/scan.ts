import 'server-only';
import { lstat } from 'node:fs/promises';
import type { Db } from '@/lib/db';
import { insideRoot } from './fs-safe';
import { allEntryPaths, deleteEntries } from './library-store';
import { pruneFollow } from './prune';
import { followsWithKeepPolicy } from './settings-store';

export interface ScanResult {
  entries: number;
  /** Rows whose file was gone (deleted by hand, a disk swapped): removed. */
  missing: number;
  /** Files the follows' keep policies no longer keep: removed. */
  pruned: number;
}

const CONCURRENCY = 32;

/**
 * The start-up pass over the library: every recorded file is looked at (a row whose file is gone, or is no longer a
 * plain file, is removed), then each follow's keep policy is applied for the days that passed while it was down.
 */
export async function scanLibrary(db: Db, root: string, now = Date.now()): Promise<ScanResult> {
  const rows = await allEntryPaths(db);
  const missing: string[] = [];
  for (let i = 0; i < rows.length; i += CONCURRENCY) {
    await Promise.all(rows.slice(i, i + CONCURRENCY).map(async (row) => {
      let ok = false;
      try {
        ok = Boolean((await lstat(insideRoot(root, row.rel_path.split('/')))).isFile());
      } catch {
        ok = false;
      }
      if (!ok) missing.push(row.id);
    }));
  }
  await deleteEntries(db, missing);
  let pruned = 0;
  for (const follow of await followsWithKeepPolicy(db)) pruned += await pruneFollow(db, root, follow, now);
  return { entries: rows.length - missing.length, missing: missing.length, pruned };
}
