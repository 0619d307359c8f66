import { route } from '@/lib/auth/route';
import { analyzeRequestSchema } from '@/lib/media/schemas';
import { services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/analyze {url, engine?} → {jobId}; follow it at /api/status/{jobId} (polling is not charged). */
export const POST = route(
  { auth: 'optional', body: analyzeRequestSchema, quota: { kind: 'analyze', links: () => 1 } },
  async ({ body: { url, engine } }) => ({ jobId: await services().analyses.enqueueAnalysis(url, { engine }) }),
);
