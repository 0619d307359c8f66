import 'server-only';
import { getDb } from '@/lib/db';
import type { LoudnessChoice } from '@/lib/media/loudness/targets';
import { DEFAULT_PREFERENCES, type DownloadDefaults } from './schemas';
import { readSavedPreferences } from './settings-store';

/**
 * What /download and /bulk preselect: the signed-in user's saved preferences, else the defaults. `saved`
 * tells them apart, since /download keeps the first format returned unless the user chose otherwise.
 */
export async function downloadDefaults(userId?: string): Promise<DownloadDefaults> {
  const saved = userId ? await readSavedPreferences(await getDb(), userId) : undefined;
  const { defaultQuality, defaultFormat, autoDownload, loudness } = saved ?? DEFAULT_PREFERENCES;
  return { defaultQuality, defaultFormat, autoDownload, loudness, saved: saved !== undefined };
}

/** Whether a download's file carries the media's tags: what the caller asked, else their setting, else yes. */
export async function embedsMetadata(asked: boolean | undefined, userId?: string): Promise<boolean> {
  if (asked !== undefined) return asked;
  const saved = userId ? await readSavedPreferences(await getDb(), userId) : undefined;
  return saved?.embedMetadata ?? true;
}

/**
 * How a download's file is made where the caller did not say: whether it carries the media's tags (else their
 * setting, else yes) and the loudness its sound is brought to (else their setting, else as the source has it).
 */
export async function deliveryDefaults(
  asked: { embedMetadata?: boolean; loudness?: LoudnessChoice }, userId?: string,
): Promise<{ embedMetadata: boolean; loudness: LoudnessChoice }> {
  const needsSaved = asked.embedMetadata === undefined || asked.loudness === undefined;
  const saved = needsSaved && userId ? await readSavedPreferences(await getDb(), userId) : undefined;
  return {
    embedMetadata: asked.embedMetadata ?? saved?.embedMetadata ?? true,
    loudness: asked.loudness ?? saved?.loudness ?? DEFAULT_PREFERENCES.loudness,
  };
}
