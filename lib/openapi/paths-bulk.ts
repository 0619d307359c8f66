import { operation, type Paths } from './operation';

const BATCH_ID = { name: 'batchId', description: 'The batchId from POST /api/bulk' };
const ITEM_ID = { name: 'itemId', description: 'An item id from the batch (items[].id)' };
const KEY = {
  name: 'key',
  description: 'An anonymous batch’s capability key, as in its statusUrl (a signed-in owner’s batch needs none)',
  schema: { type: 'string', maxLength: 128 },
};
const BATCH_EXAMPLE = {
  batchId: 'batch_Q2hhbmdlIG1l', statusUrl: '/api/bulk/batch_Q2hhbmdlIG1l?key=k3Yq', zipUrl: '/api/bulk/batch_Q2hhbmdlIG1l/zip?key=k3Yq',
  quality: '1080p', format: 'mp4', done: true, total: 2,
  items: [
    { id: 'bi_a1', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', status: 'failed', progress: 0, message: 'Cancelled', code: 'cancelled' },
    { id: 'bi_b2', url: 'https://www.youtube.com/watch?v=9bZkp7q19f0', status: 'completed', progress: 100, message: 'Ready for download', downloadUrl: '/api/download/Xq3mJm1u8vF0aZ2b?itag=mp4-1080p&ext=mp4' },
  ],
};
const owner = 'Its owner only: a signed-in user’s batch answers that user, an anonymous batch whoever holds its key; anyone else gets 404.';

/**
 * The bulk queue: start a batch, follow it, cancel an item or the whole batch, retry what failed. A retried item is
 * a new item (a new id) for the same link in the same place; the answer is the batch as it now stands.
 */
export function bulkPaths(): Paths {
  const common = { tags: ['Bulk'], auth: 'optional-session' as const, query: [KEY] };
  return {
    '/api/bulk': {
      post: operation({
        operationId: 'startBulk', summary: 'Start a batch of up to 50 links (a playlist or channel link brings its videos)',
        description: 'The items take turns with other callers’ work. 429 `daily_bytes_exceeded` once the files prepared for or served to the caller today (UTC) reach its daily bytes (`details.retryAt`: when that renews); items still queued then fail with the same code.',
        tags: ['Bulk'], auth: 'optional-session', body: 'BulkRequest', data: 'BulkStarted', errors: [400, 429],
        requestExample: { urls: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'], quality: '1080p', format: 'mp4' },
        responseExample: { batchId: BATCH_EXAMPLE.batchId, statusUrl: BATCH_EXAMPLE.statusUrl, zipUrl: BATCH_EXAMPLE.zipUrl },
      }),
    },
    '/api/bulk/{batchId}': {
      get: operation({
        ...common, operationId: 'getBulkBatch', summary: 'Every item’s status, progress and link; done once all have ended',
        description: owner, data: 'BulkBatch', errors: [404], pathParams: [BATCH_ID], responseExample: BATCH_EXAMPLE,
      }),
      delete: operation({
        ...common, operationId: 'cancelBulkBatch', summary: 'Cancel every item of the batch that has not ended',
        description: `Each such item stops (its fetch, converter and temp files) and ends failed with code cancelled, for good: a restart never revives it. Ended items stay as they are. ${owner}`,
        data: 'BulkBatch', errors: [404], pathParams: [BATCH_ID], responseExample: BATCH_EXAMPLE,
      }),
    },
    '/api/bulk/{batchId}/retry': {
      post: operation({
        ...common, operationId: 'retryBulkBatch', summary: 'Retry every failed item of the batch',
        description: `Each failed item is replaced by a new pending item (a new id) for the same link, in its place. 409 when nothing has failed. ${owner}`,
        data: 'BulkBatch', errors: [404, 409], pathParams: [BATCH_ID], responseExample: BATCH_EXAMPLE,
      }),
    },
    '/api/bulk/{batchId}/items/{itemId}': {
      delete: operation({
        ...common, operationId: 'cancelBulkItem', summary: 'Cancel one item that has not ended',
        description: `The item stops (its fetch, converter and temp files; its slot goes to the next item) and ends failed with code cancelled. 409 once it has ended. ${owner}`,
        data: 'BulkBatch', errors: [404, 409], pathParams: [BATCH_ID, ITEM_ID], responseExample: BATCH_EXAMPLE,
      }),
    },
    '/api/bulk/{batchId}/items/{itemId}/retry': {
      post: operation({
        ...common, operationId: 'retryBulkItem', summary: 'Retry one failed item',
        description: `The item is replaced by a new pending item (a new id) for the same link, in its place. 409 unless it has failed. ${owner}`,
        data: 'BulkBatch', errors: [404, 409], pathParams: [BATCH_ID, ITEM_ID], responseExample: BATCH_EXAMPLE,
      }),
    },
  };
}
