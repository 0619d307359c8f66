import 'server-only';
import type { Db } from '@/lib/db';
import type { JobRunner } from '@/lib/jobs/runner';
import { claimDueFollows } from './schedule';

export interface SchedulerOptions {
  db: () => Promise<Db>;
  runner: Pick<JobRunner, 'enqueue'>;
  periodMs: () => number;
  /** How often due follows are looked for. */
  tickMs: number;
  now?: () => number;
  /** Follows claimed per statement (default 500); a tick claims batches until none is due. */
  batch?: number;
}

const BATCH = 500;

/**
 * Claims the follows that are due and queues one follow-check job for each. Every web node may run this: a
 * follow is claimed by one of them only (lib/follows/schedule.ts), and its check runs wherever the runner runs
 * jobs (a worker with REDIS_URL). A job's id names the follow and the claim, so it never repeats one.
 */
export async function enqueueDueChecks(options: Omit<SchedulerOptions, 'tickMs'>): Promise<number> {
  const now = options.now ?? Date.now;
  const db = await options.db();
  const batch = options.batch ?? BATCH;
  let queued = 0;
  for (;;) {
    const at = now();
    const due = await claimDueFollows(db, at, options.periodMs(), batch);
    for (const { id } of due) {
      await options.runner.enqueue('follow-check', { id: `fck_${id}_${at}`, payload: { followId: id } });
    }
    queued += due.length;
    if (due.length < batch) return queued;
  }
}

/** Runs `enqueueDueChecks` every `tickMs` (one tick at a time) until stopped. */
export function startFollowScheduler(options: SchedulerOptions): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    enqueueDueChecks(options)
      .catch((error) => console.error('[follows] scheduling checks failed', error))
      .finally(() => (running = false));
  }, options.tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
