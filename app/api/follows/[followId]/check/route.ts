import { idParams } from '@/lib/http/ids';
import { checkFollowNow } from '@/lib/follows/service';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/follows/{followId}/check → {queued}: check now (not when paused or checked in the last 15 seconds). */
export const POST = route(
  { auth: 'user', params: idParams('followId'), notFound: 'Follow not found' },
  async ({ user, params: { followId } }) => checkFollowNow(await services().db(), user.id, followId, services()),
);
