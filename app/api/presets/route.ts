import { route, services } from '@/lib/server';
import { ok } from '@/lib/http/envelope';
import { requestLocale } from '@/lib/presets/locale';
import { createPreset, presetsOf } from '@/lib/presets/presets';
import { presetCreateSchema, presetListQuerySchema } from '@/lib/presets/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/presets[?locale=] → the caller's presets; a user who never had any is first given the starter set, named
 * in the page's language. An API token with the download scope may read them (to know the names preset= takes).
 */
export const GET = route({ auth: 'user', scope: 'download', query: presetListQuerySchema }, async ({ req, user, query }) =>
  presetsOf(await services().db(), user.id, requestLocale(req.headers, query.locale)),
);

/** POST /api/presets {name, …options, isDefault?} → 201 with the preset; options left out come from the user's settings. */
export const POST = route({ auth: 'user', body: presetCreateSchema }, async ({ req, user, body }) =>
  ok(await createPreset(await services().db(), user.id, body, requestLocale(req.headers)), { status: 201 }),
);
