import { withUser } from '@/lib/auth/with-user';
import { readJson } from '@/lib/http/api-handler';
import { settingsPatchSchema } from '@/lib/settings/schemas';
import { changeUserSettings, getUserSettings } from '@/lib/settings/user-settings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/settings → preferences, the token's prefix + '…', API usage (SPEC §3 "User settings"). */
export const GET = withUser(async (_req, { user }) => getUserSettings(user.id));

/** PATCH /api/settings with any of defaultQuality, defaultFormat, autoDownload, historyRetention → the settings. */
export const PATCH = withUser(async (req, { user }) => changeUserSettings(user.id, await readJson(req, settingsPatchSchema)));
