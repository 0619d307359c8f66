import { route } from '@/lib/auth/route';
import { isTerminal } from '@/lib/jobs/types';
import { analyzeRequestSchema } from '@/lib/media/schemas';
import { clientKey } from '@/lib/rate-limit/client-ip';
import { services } from '@/lib/server';
import { activeSubject } from '@/lib/stats/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/analyze {url, engine?} → {jobId}; follow it at /api/status/{jobId} (polling is not charged). A client
 * has at most ANALYSES_IN_FLIGHT_PER_CLIENT analyses queued or running at once; the slot frees when the job ends.
 */
export const POST = route(
  { auth: 'optional', body: analyzeRequestSchema, quota: { kind: 'analyze', links: () => 1 } },
  async ({ req, user, body: { url, engine } }) => {
    const { analyses, analysesInFlight, events } = services();
    void events.emit('client.active', { subject: activeSubject(req.headers, user) });
    const release = analysesInFlight.acquire(clientKey(req, user));
    try {
      const jobId = await analyses.enqueueAnalysis(url, { engine });
      const unsubscribe = analyses.subscribe(jobId, (snapshot) => {
        if (!isTerminal(snapshot)) return;
        release();
        queueMicrotask(() => unsubscribe());
      });
      return { jobId };
    } catch (error) {
      release();
      throw error;
    }
  },
);
