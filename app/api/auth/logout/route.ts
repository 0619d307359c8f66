import { clearSessionCookies } from '@/lib/auth/cookies';
import { revokeRefreshToken } from '@/lib/auth/refresh-tokens';
import { refreshTokenFrom } from '@/lib/auth/session-response';
import { route, services } from '@/lib/server';
import { ok } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/auth/logout: revokes the refresh token's family and clears both cookies; always succeeds. */
export const POST = route({ auth: 'none' }, async ({ req }) => {
  const token = await refreshTokenFrom(req);
  if (token) await revokeRefreshToken(await services().db(), token);
  const res = ok(null);
  clearSessionCookies(res, req);
  return res;
});
