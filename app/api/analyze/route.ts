import { apiHandler, readJson } from '@/lib/http/api-handler';
import { getJobQueue } from '@/lib/jobs';
import { analyzeRequestSchema } from '@/lib/media/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/analyze {url, engine?} → {jobId}; follow it at /api/status/{jobId}. */
export const POST = apiHandler(async (req) => {
  const { url, engine } = await readJson(req, analyzeRequestSchema);
  return { jobId: await getJobQueue().enqueueAnalysis(url, { engine }) };
});
