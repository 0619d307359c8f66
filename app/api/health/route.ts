import { route, services } from '@/lib/server';
import { requireAdmin } from '@/lib/auth/session';
import { config } from '@/lib/config';
import { bearerToken } from '@/lib/http/bearer';
import { sameSecret } from '@/lib/http/server-secret';
import { engineHealth } from '@/lib/media/analyze';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/health → node, ffmpeg and yt-dlp versions (cached probes), the engine and the yt-dlp pool's state, for a
 * signed-in admin and, when HEALTH_TOKEN is set, for `Authorization: Bearer <that token>`; everyone else gets the
 * status alone (versions tell an attacker which known flaws to try).
 */
export const GET = route({ auth: 'none' }, async ({ req }) => {
  const health = await engineHealth(services());
  const token = config().env.HEALTH_TOKEN;
  if (token && sameSecret(bearerToken(req.headers), token)) return health;
  const admin = await requireAdmin(services().db, req).then(() => true, () => false);
  return admin ? health : { status: health.status };
});
