import { z } from 'zod';
import { route, services } from '@/lib/server';
import { platformOutage } from '@/lib/media/ytdlp/canaries';
import { NAMED_PLATFORMS } from '@/lib/platforms';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/platform-status?platform=tiktok → `{platform, failingSince, pausedUntil}`: since when the operator's canary
 * for that platform has been failing on this server (null while it passes, or none is configured), and until when
 * its new analyses are paused because it pushed back (null when they are not). Read by the landing pages' banner.
 */
export const GET = route({ auth: 'none', query: z.object({ platform: z.enum(NAMED_PLATFORMS) }) }, async ({ query }) => {
  const breaker = services().engine.breaker.state()[query.platform];
  const paused = breaker?.state === 'open' && breaker.until !== null && Date.parse(breaker.until) > Date.now();
  return {
    platform: query.platform,
    failingSince: await platformOutage(await services().db(), query.platform),
    pausedUntil: paused ? breaker.until : null,
  };
});
