import 'server-only';
import type { AnalysisEngine } from '@/lib/media/schemas';
import type { JobOwner } from './runner';
import { isTerminal, type JobQueue, type JobSnapshot } from './types';

/** What starting an analysis answers: the job, and its state after the wait (finished when it was fast enough). */
export type StartedAnalysis = { jobId: string } & JobSnapshot;

export interface StartAnalysisDeps {
  analyses: JobQueue;
  /** Takes one of the client's in-flight analysis slots (throws when none is left); released when the job ends. */
  acquire(): () => void;
}

/**
 * Enqueues one analysis and waits up to `waitMs` for it: a fast analysis (a cached or native one) comes back
 * finished, a slower one with its current state, to be followed by its id. The client's in-flight slot is held
 * until the job ends, however long the caller waited. The API's POST /api/analyze and a page opened with a link
 * both start analyses this way. `user` is the signed-in user it is for (their own platform cookies apply);
 * `client` the owner whose turn it takes among waiting analyses.
 */
export async function startAnalysis(
  { analyses, acquire }: StartAnalysisDeps,
  { url, engine, user, client, waitMs }: { url: string; engine: AnalysisEngine; user?: string; client?: JobOwner; waitMs: number },
): Promise<StartedAnalysis> {
  const release = acquire();
  let jobId: string;
  try {
    jobId = await analyses.enqueueAnalysis(url, { engine, user, client });
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
