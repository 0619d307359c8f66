import { route } from '@/lib/auth/route';
import { config } from '@/lib/config';
import { startAnalysis } from '@/lib/jobs/start-analysis';
import { analyzeRequestSchema } from '@/lib/media/schemas';
import { ownerKeyOf } from '@/lib/limits/owner';
import { clientKey } from '@/lib/rate-limit/client-ip';
import { services } from '@/lib/server';
import { activeSubject } from '@/lib/stats/service';

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
  async ({ req, user, body: { url, engine } }) => {
    const { analyses, analysesInFlight, events } = services();
    void events.emit('client.active', { subject: activeSubject(req.headers, user) });
    return startAnalysis(
      { analyses, acquire: () => analysesInFlight.acquire(clientKey(req, user)) },
      { url, engine, user: user?.id, client: { key: ownerKeyOf(req, user) }, waitMs: config().env.ANALYZE_WAIT_MS },
    );
  },
);
