import { route } from '@/lib/auth/route';
import { getBulkRunner } from '@/lib/bulk/get-bulk-runner';
import { bulkRequestSchema } from '@/lib/bulk/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/bulk {urls, quality, format} → {batchId}; the items then run in the background. Charged per URL, not
 * per call: every URL is an analysis and a download of its own, so a per-call charge would make a 50-link batch
 * cost what one link costs and turn /api/bulk into the way around the analyze limit.
 */
export const POST = route(
  { auth: 'optional', body: bulkRequestSchema, quota: { kind: 'analyze', links: (request) => request.urls.length } },
  async ({ body, user }) => ({ batchId: await getBulkRunner().start(body, user?.id ?? null) }),
);
