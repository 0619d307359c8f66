import { route } from '@/lib/auth/route';
import { config } from '@/lib/config';
import { bearerToken } from '@/lib/http/bearer';
import { sameSecret } from '@/lib/http/server-secret';
import { engineHealth } from '@/lib/media/analyze';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/health → node, ffmpeg and yt-dlp versions (cached probes), the engine and the yt-dlp pool's state. With
 * HEALTH_TOKEN set, all but the status are for `Authorization: Bearer <that token>` only.
 */
export const GET = route({ auth: 'none' }, async ({ req }) => {
  const health = await engineHealth();
  const token = config().env.HEALTH_TOKEN;
  return !token || sameSecret(bearerToken(req.headers), token) ? health : { status: health.status };
});
