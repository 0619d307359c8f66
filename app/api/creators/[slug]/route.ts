import { apiHandler } from '@/lib/http/api-handler';
import { AppError } from '@/lib/errors';
import { getCreator } from '@/lib/creators/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/creators/{slug} → the creator (from the channel, or sample data when it cannot be read), or 404. */
export const GET = apiHandler<{ slug: string }>(async (_req, { params }) => {
  const creator = await getCreator(params.slug.slice(0, 100));
  if (!creator) throw new AppError('not_found', 'Creator Not Found');
  return creator;
});
