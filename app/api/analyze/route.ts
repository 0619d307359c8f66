import { getJobQueue } from '@/lib/jobs';
import { analyzeRequestSchema } from '@/lib/media/schemas';
import { withAnalyzeQuota } from '@/lib/rate-limit/with-analyze-quota';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/analyze {url, engine?} → {jobId}; follow it at /api/status/{jobId} (polling is not charged). */
export const POST = withAnalyzeQuota(analyzeRequestSchema, () => 1, async ({ url, engine }) => ({
  jobId: await getJobQueue().enqueueAnalysis(url, { engine }),
}));
