import 'server-only';
import { getDb } from '@/lib/db';
import { DEFAULT_PREFERENCES, type DownloadDefaults } from './schemas';
import { readPreferences } from './settings-store';

/** What /download and /bulk preselect: the signed-in user's preferences, else the spec's defaults. */
export async function downloadDefaults(userId?: string): Promise<DownloadDefaults> {
  const { defaultQuality, defaultFormat, autoDownload } = userId ? await readPreferences(await getDb(), userId) : DEFAULT_PREFERENCES;
  return { defaultQuality, defaultFormat, autoDownload };
}
