import { admitOwner } from '@/lib/limits/owner';
import { batchReadQuerySchema } from '@/lib/bulk/schemas';
import { route, services } from '@/lib/server';
import { batchAfter, itemParams, readerOf } from '../../../batch-answer';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/bulk/{batchId}/items/{itemId}/retry[?key=] → the batch, the failed item replaced by a new pending item
 * (a new id) for the same link in its place. 409 `conflict` unless the item has failed.
 */
export const POST = route(
  { auth: 'optional', scope: 'bulk', serves: true, params: itemParams, query: batchReadQuerySchema, quota: { kind: 'analyze', links: () => 1 }, notFound: 'Batch not found' },
  async ({ params, query, user, caller }) => {
    const reader = { ...readerOf(user, query.key), client: await admitOwner(await services().db(), caller) };
    await services().bulk.retryItem(params.batchId, params.itemId, reader);
    return batchAfter(params.batchId, reader);
  },
);
