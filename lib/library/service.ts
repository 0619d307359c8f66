import 'server-only';
import { rm } from 'node:fs/promises';
import type { Db } from '@/lib/db';
import { insideRoot } from './fs-safe';
import { libraryRoot, userFolder } from './root';
import type { LibrarySettings, LibraryStatus } from './schemas';
import { readLibrarySettings, updateLibrarySettings } from './settings-store';

/** GET /api/library/settings: the user's template and layout, and whether the operator offers a library. */
export async function libraryStatus(db: Db, userId: string): Promise<LibraryStatus> {
  return { ...(await readLibrarySettings(db, userId)), available: libraryRoot() !== null };
}

/** PATCH /api/library/settings: a validated change saved; the settings after it. */
export async function changeLibrarySettings(db: Db, userId: string, patch: Partial<LibrarySettings>): Promise<LibraryStatus> {
  return { ...(await updateLibrarySettings(db, userId, patch)), available: libraryRoot() !== null };
}

/**
 * A deleted account's library goes with it: its folder below LIBRARY_DIR and everything in it. A link standing
 * where the folder should be is removed as a link, never followed; nothing outside the library is touched.
 */
export async function removeUserLibrary(userId: string): Promise<void> {
  const root = libraryRoot();
  if (!root) return;
  await rm(insideRoot(root, [userFolder(userId)]), { recursive: true, force: true });
}
