import { getBulkRunner } from '@/lib/bulk/get-bulk-runner';
import { batchIdParamsSchema } from '@/lib/bulk/schemas';
import { AppError } from '@/lib/errors';
import { apiHandler } from '@/lib/http/api-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/bulk/{batchId} → every item's status, progress, message and link; `done` once all have ended. */
export const GET = apiHandler<{ batchId: string }>(async (_req, { params }) => {
  const batch = batchIdParamsSchema.safeParse(params).success ? await getBulkRunner().get(params.batchId) : undefined;
  if (!batch) throw new AppError('not_found', 'Batch not found');
  return batch;
});
