import 'server-only';
import type { Caller } from '@/lib/auth/caller';
import type { InFlight } from '@/lib/rate-limit/in-flight';
import type { AnalysisEngine } from '@/lib/media/schemas';
import type { Analyses, JobSnapshot } from './analyses';
import { isTerminal } from './status-stream';

/** What starting an analysis answers: the job, and its state after the wait (finished when it was fast enough). */
export type StartedAnalysis = { jobId: string } & JobSnapshot;

export interface StartAnalysisDeps {
  analyses: Analyses;
  /** The callers' in-flight analysis slots: one is taken (throws when none is left) and released when the job ends. */
  analysesInFlight: InFlight;
}

/**
 * Enqueues one analysis and waits up to `waitMs` for it: a fast analysis (a cached or native one) comes back
 * finished, a slower one with its current state, to be followed by its id. The client's in-flight slot is held
 * until the job ends, however long the caller waited. The API's POST /api/analyze and a page opened with a link
 * both start analyses this way, for the caller's account (their own platform cookies apply) in the caller's turn.
 */
export async function startAnalysis(
  { analyses, analysesInFlight }: StartAnalysisDeps,
  { url, engine, caller, waitMs }: { url: string; engine: AnalysisEngine; caller: Pick<Caller, 'accountId' | 'fairShareKey'>; waitMs: number },
): Promise<StartedAnalysis> {
  const release = analysesInFlight.acquire(caller.fairShareKey);
  let jobId: string;
  try {
    jobId = await analyses.enqueueAnalysis(url, { engine, requester: { accountId: caller.accountId, turn: { key: caller.fairShareKey } } });
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
  if (waitMs > 0 && !(latest && isTerminal(latest))) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }
  const snapshot = latest ?? (await analyses.get(jobId)) ?? { status: 'queued' as const, progress: 0 };
  return { jobId, ...snapshot };
}
