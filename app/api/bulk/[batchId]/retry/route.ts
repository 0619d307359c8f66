import { admitOwner } from '@/lib/limits/owner';
import { batchReadQuerySchema } from '@/lib/bulk/schemas';
import { idParams } from '@/lib/http/ids';
import { route, services } from '@/lib/server';
import { batchAfter, readerOf } from '../batch-answer';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/bulk/{batchId}/retry[?key=] → the batch, each failed item replaced by a new pending item for the same
 * link in its place. 409 `conflict` when nothing has failed. The owner only.
 */
export const POST = route(
  { auth: 'optional', scope: 'bulk', serves: true, params: idParams('batchId'), query: batchReadQuerySchema, quota: { kind: 'analyze', links: () => 1 }, notFound: 'Batch not found' },
  async ({ params, query, user, caller }) => {
    const reader = { ...readerOf(user, query.key), client: await admitOwner(await services().db(), caller) };
    await services().bulk.retryFailed(params.batchId, reader);
    return batchAfter(params.batchId, reader);
  },
);
