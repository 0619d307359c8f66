import { config } from '@/lib/config';
import { idParams } from '@/lib/http/ids';
import { changeFeed, feedStatus, regenerateFeed, revokeFeed } from '@/lib/podcast/owner-feed';
import { feedPatchSchema } from '@/lib/podcast/schemas';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const params = idParams('followId');
const notFound = 'Follow not found';

/** GET /api/follows/{id}/feed → {enabled, media, updatedAt}: the follow's podcast feed, never its token. */
export const GET = route({ auth: 'user', params, notFound }, async ({ user, params: p }) => feedStatus(await services().db(), user.id, p.followId));

/** POST /api/follows/{id}/feed → {url, …}: a new secret address for the feed (shown this once; the previous one stops working). */
export const POST = route({ auth: 'user', params, notFound }, async ({ req, user, params: p }) =>
  regenerateFeed(await services().db(), user.id, p.followId, config().env.SITE_URL ?? req.nextUrl.origin, Date.now()));

/** PATCH /api/follows/{id}/feed {media} → the feed: audio or video episodes. */
export const PATCH = route({ auth: 'user', params, notFound, body: feedPatchSchema }, async ({ user, params: p, body }) =>
  changeFeed(await services().db(), user.id, p.followId, body, Date.now()));

/** DELETE /api/follows/{id}/feed → the feed, off: its address no longer opens it. */
export const DELETE = route({ auth: 'user', params, notFound }, async ({ user, params: p }) =>
  revokeFeed(await services().db(), user.id, p.followId, Date.now()));
