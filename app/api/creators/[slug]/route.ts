import { z } from 'zod';
import { route, services } from '@/lib/server';
import { getCreator } from '@/lib/creators/service';
import { AppError } from '@/lib/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const slugParams = z.object({ slug: z.string().min(1).transform((slug) => slug.slice(0, 100)) });

/**
 * GET /api/creators/{slug} → the creator: read from the channel now, else its last stored reading (`source:
 * "stored"`, `readAt`), else the bare creator with no videos (`source: "none"`); 404 for a slug we do not know.
 */
export const GET = route({ auth: 'none', params: slugParams, notFound: 'Creator Not Found' }, async ({ params }) => {
  const creator = await getCreator(params.slug, services());
  if (!creator) throw new AppError('not_found', 'Creator Not Found');
  return creator;
});
