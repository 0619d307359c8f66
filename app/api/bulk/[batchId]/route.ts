import { batchReadQuerySchema } from '@/lib/bulk/schemas';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { route, services } from '@/lib/server';
import { batchAfter, readerOf } from './batch-answer';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/bulk/{batchId}[?key=] → every item's status, progress, message and link; `done` once all have ended.
 * Its owner only (signed in, or holding the key of an anonymous batch); anyone else gets the 404 of a batch that
 * does not exist.
 */
export const GET = route(
  { auth: 'optional', scope: 'bulk', params: idParams('batchId'), query: batchReadQuerySchema, notFound: 'Batch not found' },
  async ({ params, query, user }) => {
    const batch = await services().bulk.get(params.batchId, { userId: user?.id ?? null, key: query.key });
    if (!batch) throw new AppError('not_found', 'Batch not found');
    return batch;
  },
);

/**
 * DELETE /api/bulk/{batchId}[?key=] → the batch, every item that had not ended now failed with code `cancelled`
 * (their work stops: fetches, converters, temp files). Ended items stay as they are. The owner only.
 */
export const DELETE = route(
  { auth: 'optional', scope: 'bulk', params: idParams('batchId'), query: batchReadQuerySchema, notFound: 'Batch not found' },
  async ({ params, query, user }) => {
    const reader = readerOf(user, query.key);
    await services().bulk.cancelBatch(params.batchId, reader);
    return batchAfter(params.batchId, reader);
  },
);
