import { refreshSession } from '@/lib/auth/sessions';
import { refreshTokenFrom, sessionResponse } from '@/lib/auth/session-response';
import { getDb } from '@/lib/db';
import { apiHandler } from '@/lib/http/api-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/auth/refresh {refreshToken?} (or the refresh cookie) → a rotated session; a replayed token → 401. */
export const POST = apiHandler(async (req) => {
  const token = await refreshTokenFrom(req);
  return sessionResponse(req, await refreshSession(await getDb(), token));
});
