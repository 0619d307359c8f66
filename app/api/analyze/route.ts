import { route } from '@/lib/auth/route';
import { getJobQueue } from '@/lib/jobs';
import { analyzeRequestSchema } from '@/lib/media/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/analyze {url, engine?} → {jobId}; follow it at /api/status/{jobId} (polling is not charged). */
export const POST = route(
  { auth: 'optional', body: analyzeRequestSchema, quota: { kind: 'analyze', links: () => 1 } },
  async ({ body: { url, engine } }) => ({ jobId: await getJobQueue().enqueueAnalysis(url, { engine }) }),
);
