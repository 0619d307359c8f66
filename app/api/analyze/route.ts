import { config } from '@/lib/config';
import { startAnalysis } from '@/lib/downloads/start-analysis';
import { analyzeRequestSchema } from '@/lib/media/schemas';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/analyze {url, engine?} → {jobId, status, progress, metadata?, code?, message?}. The answer waits up to
 * ANALYZE_WAIT_MS (150 ms) for the job: a fast analysis (a cached or native one) arrives finished in this one
 * round trip; a slower one answers with its current state, to be followed at /api/status/{jobId} (polling is not
 * charged). A client has at most ANALYSES_IN_FLIGHT_PER_CLIENT analyses queued or running at once; the slot frees
 * when the job ends.
 */
export const POST = route(
  { auth: 'optional', serves: true, body: analyzeRequestSchema, quota: { kind: 'analyze', links: () => 1 } },
  async ({ caller, body: { url, engine } }) => {
    const { events, ...deps } = services();
    void events.emit('client.active', { subject: caller.activeSubject });
    return startAnalysis(deps, { url, engine, caller, waitMs: config().env.ANALYZE_WAIT_MS });
  },
);
