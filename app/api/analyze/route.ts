import { route } from '@/lib/auth/route';
import { config } from '@/lib/config';
import { isTerminal, type JobSnapshot } from '@/lib/jobs/types';
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
    const release = analysesInFlight.acquire(clientKey(req, user));
    let jobId: string;
    try {
      jobId = await analyses.enqueueAnalysis(url, { engine, client: { key: ownerKeyOf(req, user) } });
    } catch (error) {
      release();
      throw error;
    }
    let latest: JobSnapshot | undefined;
    let settle: () => void = () => {};
    const finished = new Promise<void>((resolve) => (settle = resolve));
    const unsubscribe = analyses.subscribe(jobId, (snapshot) => {
      latest = snapshot;
      if (!isTerminal(snapshot)) return;
      release();
      settle();
      queueMicrotask(() => unsubscribe());
    });
    const wait = config().env.ANALYZE_WAIT_MS;
    if (wait > 0 && !(latest && isTerminal(latest))) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, wait)))]);
      clearTimeout(timer);
    }
    const snapshot = latest ?? (await analyses.get(jobId)) ?? { status: 'queued' as const, progress: 0 };
    return { jobId, ...snapshot };
  },
);
