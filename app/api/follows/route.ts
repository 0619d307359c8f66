import { followLink, followList } from '@/lib/follows/service';
import { followRequestSchema } from '@/lib/follows/schemas';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/follows → {follows, autoAvailable}: the user's followed creators, newest first. */
export const GET = route({ auth: 'user' }, async ({ user }) => followList(await services().db(), user.id));

/**
 * POST /api/follows {url, name?, mode?, filters?} → the follow (the same link twice: the existing one). Its first
 * check is queued at once and only records what the creator has now; later uploads are what it shows.
 */
export const POST = route({ auth: 'user', body: followRequestSchema }, async ({ user, body }) => followLink(await services().db(), user.id, body, services()));
