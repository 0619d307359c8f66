import { route, services } from '@/lib/server';
import { addCookiesSchema, cookiePlatformParamsSchema } from '@/lib/user-cookies/schemas';
import { addCookies, deleteCookies } from '@/lib/user-cookies/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const spec = { auth: 'user', params: cookiePlatformParamsSchema, notFound: 'Unknown platform' } as const;

/** PUT /api/settings/cookies/{platform} {text} → the summary; replaces what was stored for that platform. */
export const PUT = route({ ...spec, body: addCookiesSchema }, ({ user, params, body }) => addCookies(services().db, user.id, params.platform, body.text));

/** DELETE /api/settings/cookies/{platform} → removes the platform's cookies (404 when there were none). */
export const DELETE = route(spec, ({ user, params }) => deleteCookies(services().db, user.id, params.platform));
