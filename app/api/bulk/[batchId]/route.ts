import { route } from '@/lib/auth/route';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/bulk/{batchId} → every item's status, progress, message and link; `done` once all have ended. */
export const GET = route({ auth: 'none', params: idParams('batchId'), notFound: 'Batch not found' }, async ({ params }) => {
  const batch = await services().bulk.get(params.batchId);
  if (!batch) throw new AppError('not_found', 'Batch not found');
  return batch;
});
