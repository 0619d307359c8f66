import { route } from '@/lib/auth/route';
import { getBulkRunner } from '@/lib/bulk/get-bulk-runner';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/bulk/{batchId} → every item's status, progress, message and link; `done` once all have ended. */
export const GET = route({ auth: 'none', params: idParams('batchId'), notFound: 'Batch not found' }, async ({ params }) => {
  const batch = await getBulkRunner().get(params.batchId);
  if (!batch) throw new AppError('not_found', 'Batch not found');
  return batch;
});
