import { getBulkRunner } from '@/lib/bulk/get-bulk-runner';
import { bulkRequestSchema } from '@/lib/bulk/schemas';
import { withAnalyzeQuota } from '@/lib/rate-limit/with-analyze-quota';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/bulk {urls, quality, format} → {batchId}; the items then run in the background. Charged per URL, not
 * per call: every URL is an analysis and a download of its own, so a per-call charge would make a 50-link batch
 * cost what one link costs and turn /api/bulk into the way around the analyze limit.
 */
export const POST = withAnalyzeQuota(bulkRequestSchema, (request) => request.urls.length, async (request, { user }) => ({
  batchId: await getBulkRunner().start(request, user?.id ?? null),
}));
