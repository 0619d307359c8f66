import { z } from 'zod';
import { route } from '@/lib/auth/route';
import { getDb } from '@/lib/db';
import { platformOutage } from '@/lib/media/ytdlp/canaries';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const PLATFORMS = ['youtube', 'tiktok', 'instagram', 'facebook', 'twitter'] as const;

/**
 * GET /api/platform-status?platform=tiktok → `{platform, failingSince}`: since when the operator's canary for that
 * platform has been failing on this server, null while it passes (or none is configured). Read by the landing pages'
 * banner.
 */
export const GET = route({ auth: 'none', query: z.object({ platform: z.enum(PLATFORMS) }) }, async ({ query }) => ({
  platform: query.platform,
  failingSince: await platformOutage(await getDb(), query.platform),
}));
