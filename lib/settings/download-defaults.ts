import 'server-only';
import { getDb } from '@/lib/db';
import { DEFAULT_PREFERENCES, type DownloadDefaults } from './schemas';
import { readSavedPreferences } from './settings-store';

/**
 * What /download and /bulk preselect: the signed-in user's saved preferences, else the defaults. `saved`
 * tells them apart, since /download keeps the first format returned unless the user chose otherwise.
 */
export async function downloadDefaults(userId?: string): Promise<DownloadDefaults> {
  const saved = userId ? await readSavedPreferences(await getDb(), userId) : undefined;
  const { defaultQuality, defaultFormat, autoDownload } = saved ?? DEFAULT_PREFERENCES;
  return { defaultQuality, defaultFormat, autoDownload, saved: saved !== undefined };
}

/** Whether a download's file carries the media's tags: what the caller asked, else their setting, else yes. */
export async function embedsMetadata(asked: boolean | undefined, userId?: string): Promise<boolean> {
  if (asked !== undefined) return asked;
  const saved = userId ? await readSavedPreferences(await getDb(), userId) : undefined;
  return saved?.embedMetadata ?? true;
}
