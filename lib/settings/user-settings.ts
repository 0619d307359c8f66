import 'server-only';
import { getApiTokenInfo } from '@/lib/auth/api-tokens';
import type { Db } from '@/lib/db';
import { getApiUsage } from '@/lib/rate-limit/api-usage';
import type { SettingsPatch, UserSettings } from './schemas';
import { readPreferences, updatePreferences } from './settings-store';

/** The token is shown in full once, when issued; afterwards only its first characters, so a glance tells tokens apart. */
const shownToken = (prefix: string | undefined) => (prefix ? `${prefix}…` : '');

/** GET /api/settings: preferences, the token's visible part and this month's API usage. */
export async function getUserSettings(userId: string, db: Db): Promise<UserSettings> {
  const [preferences, token, apiUsage] = await Promise.all([
    readPreferences(db, userId),
    getApiTokenInfo(db, userId),
    getApiUsage(userId, db),
  ]);
  return { _id: userId, ...preferences, apiToken: shownToken(token?.prefix), apiUsage };
}

/** PATCH /api/settings: saves the preferences (what a changed retention means is for its subscribers). */
export async function changeUserSettings(userId: string, patch: SettingsPatch, db: Db): Promise<UserSettings> {
  await updatePreferences(db, userId, patch);
  return getUserSettings(userId, db);
}
