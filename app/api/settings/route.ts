import { route, services } from '@/lib/server';
import { settingsPatchSchema } from '@/lib/settings/schemas';
import { getUserSettings } from '@/lib/settings/user-settings';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/settings → preferences, the token's prefix + '…', API usage. */
export const GET = route({ auth: 'user' }, async ({ user }) => getUserSettings(user.id, await services().db()));

/** PATCH /api/settings with any of defaultQuality, defaultFormat, autoDownload, historyRetention → the settings. */
export const PATCH = route({ auth: 'user', body: settingsPatchSchema }, ({ user, body }) => services().changeSettings(user.id, body));
