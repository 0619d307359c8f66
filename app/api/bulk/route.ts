import { getBulkRunner } from '@/lib/bulk/get-bulk-runner';
import { bulkRequestSchema } from '@/lib/bulk/schemas';
import { getUser } from '@/lib/auth/session';
import { apiHandler, readJson } from '@/lib/http/api-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/bulk {urls, quality, format} → {batchId}; the items then run in the background. */
export const POST = apiHandler(async (req) => {
  const request = await readJson(req, bulkRequestSchema);
  return { batchId: await getBulkRunner().start(request, (await getUser(req))?.id ?? null) };
});
