import { librarySettingsPatchSchema } from '@/lib/library/schemas';
import { changeLibrarySettings, libraryStatus } from '@/lib/library/service';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/library/settings → {template, layout, available}. */
export const GET = route({ auth: 'user' }, async ({ user }) => libraryStatus(await services().db(), user.id));

/** PATCH /api/library/settings with template, layout or both → the settings. */
export const PATCH = route({ auth: 'user', body: librarySettingsPatchSchema }, async ({ user, body }) => changeLibrarySettings(await services().db(), user.id, body));
