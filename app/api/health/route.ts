import { timingSafeEqual } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { route } from '@/lib/auth/route';
import { config } from '@/lib/config';
import { engineHealth } from '@/lib/media/analyze';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** With HEALTH_TOKEN set, versions and the pool's state are for the operator's token only. */
function isOperator(req: NextRequest): boolean {
  const token = config().env.HEALTH_TOKEN;
  if (!token) return true;
  const given = Buffer.from(req.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** GET /api/health → node, ffmpeg and yt-dlp versions (cached probes) and the yt-dlp pool's state. */
export const GET = route({ auth: 'none' }, async ({ req }) => {
  const health = await engineHealth();
  return isOperator(req) ? health : { status: health.status };
});
