import 'server-only';
import type { Db } from '@/lib/db';
import type { LoudnessChoice } from '@/lib/media/loudness/targets';
import { DEFAULT_PREFERENCES, type DownloadDefaults } from './schemas';
import { readSavedPreferences } from './settings-store';

/**
 * What /download and /bulk preselect: the signed-in user's saved preferences, else the defaults. `saved`
 * tells them apart, since /download keeps the first format returned unless the user chose otherwise.
 */
export async function downloadDefaults(db: () => Promise<Db>, userId?: string): Promise<DownloadDefaults> {
  const saved = userId ? await readSavedPreferences(await db(), userId) : undefined;
  const { defaultQuality, defaultFormat, autoDownload, loudness } = saved ?? DEFAULT_PREFERENCES;
  return { defaultQuality, defaultFormat, autoDownload, loudness, saved: saved !== undefined };
}

/**
 * How a download's file is made where the caller did not say: whether it carries the media's tags (else their
 * setting, else yes) and the loudness its sound is brought to (else their setting, else as the source has it).
 */
export async function deliveryDefaults(
  db: () => Promise<Db>, asked: { embedMetadata?: boolean; loudness?: LoudnessChoice }, userId?: string,
): Promise<{ embedMetadata: boolean; loudness: LoudnessChoice }> {
  const needsSaved = asked.embedMetadata === undefined || asked.loudness === undefined;
  const saved = needsSaved && userId ? await readSavedPreferences(await db(), userId) : undefined;
  return {
    embedMetadata: asked.embedMetadata ?? saved?.embedMetadata ?? true,
    loudness: asked.loudness ?? saved?.loudness ?? DEFAULT_PREFERENCES.loudness,
  };
}
