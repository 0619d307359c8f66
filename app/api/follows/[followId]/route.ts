import { route, services } from '@/lib/server';
import { idParams } from '@/lib/http/ids';
import { changeFollow, unfollow } from '@/lib/follows/service';
import { followPatchSchema } from '@/lib/follows/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const params = idParams('followId');

/** PATCH /api/follows/{followId} {mode?, filters?, paused?} → the follow; another user's is 404 like a missing one. */
export const PATCH = route(
  { auth: 'user', params, body: followPatchSchema, notFound: 'Follow not found' },
  async ({ user, params: { followId }, body }) => changeFollow(await services().db(), user.id, followId, body),
);

/** DELETE /api/follows/{followId} → {deleted}: unfollow; what it had seen goes with it. */
export const DELETE = route({ auth: 'user', params, notFound: 'Follow not found' }, async ({ user, params: { followId } }) => unfollow(await services().db(), user.id, followId));
