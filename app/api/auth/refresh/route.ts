import { refreshTokenFrom, sessionResponse } from '@/lib/auth/session-response';
import { refreshSession } from '@/lib/auth/sessions';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/auth/refresh {refreshToken?} (or the refresh cookie) → a rotated session; a replayed token → 401. */
export const POST = route({ auth: 'none' }, async ({ req }) =>
  sessionResponse(req, await refreshSession(await services().db(), await refreshTokenFrom(req))),
);
