import { batchReadQuerySchema } from '@/lib/bulk/schemas';
import { route, services } from '@/lib/server';
import { batchAfter, itemParams, readerOf } from '../../batch-answer';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * DELETE /api/bulk/{batchId}/items/{itemId}[?key=] → the batch, the item now failed with code `cancelled`; its
 * fetch, converter and temp files stop and go, and its slot is free. 409 `conflict` once it has ended.
 */
export const DELETE = route(
  { auth: 'optional', scope: 'bulk', params: itemParams, query: batchReadQuerySchema, notFound: 'Batch not found' },
  async ({ params, query, user }) => {
    const reader = readerOf(user, query.key);
    await services().bulk.cancelItem(params.batchId, params.itemId, reader);
    return batchAfter(params.batchId, reader);
  },
);
