import 'server-only';
import type { Db } from '@/lib/db';
import { createJobContext } from './job-context';
import { createKindRegistry, type AnyKind } from './kind-registry';
import { createJobStoreAccess } from './job-store-access';
import { createFairQueue, type FairQueue } from './fair-queue';
import { createStateFeed } from './state-feed';
import { SYSTEM_OWNER, type BaseState, type JobRunner, type JobToRun } from './runner';

export interface EmbeddedRunnerOptions {
  db: () => Promise<Db>;
  now?: () => number;
  /** Owners take turns for a kind's slots (default); false: first in, first out (the benchmark's baseline). */
  fair?: boolean;
}

/**
 * The default runner: jobs run in this process, each kind at most `concurrency` at once (per group when a job
 * names one), owners taking turns for the slots and each at most its `concurrentJobs` (lib/jobs/fair-queue.ts);
 * every state is written to the store before subscribers hear of it, so `get()` never lags an event.
 * Before its first store access it marks what an earlier process left unfinished as interrupted — nothing here
 * survives a restart — and it purges expired jobs at most once a minute.
 */
export function createEmbeddedRunner(options: EmbeddedRunnerOptions): JobRunner {
  const now = options.now ?? Date.now;
  const kinds = createKindRegistry(now);
  const store = createJobStoreAccess({ name: 'jobs', db: options.db, now, recover: kinds.recover, purge: kinds.purge });
  const feed = createStateFeed();
  const queues = new Map<string, FairQueue>();
  const running = new Map<string, { controller: AbortController; kind: AnyKind; started?: boolean }>();
  const claimed = new Set<string>();
  const delayed = new Set<NodeJS.Timeout>();

  const queueOf = (type: string, concurrency: number) => {
    let queue = queues.get(type);
    if (!queue) queues.set(type, (queue = createFairQueue(Math.max(1, concurrency), options.fair ?? true)));
    return queue;
  };

  const write = async (kind: AnyKind, id: string, state: BaseState) => {
    try {
      if (!(await kinds.save(await store(), kind, id, state))) return;
    } catch (error) {
      // Subscribers still learn the outcome; only a later `get()` would miss it.
      console.error('[jobs] could not save job state', id, error);
    }
    feed.publish(id, state, kind.ended.includes(state.status));
  };

  const runOne = async (kind: AnyKind, job: JobToRun<unknown>) => {
    const entry = running.get(job.id);
    if (!entry) return;
    // Cancelled while it waited: it never runs, and nothing of it is kept.
    if (entry.controller.signal.aborted) return void running.delete(job.id);
    entry.started = true;
    const context = createJobContext<BaseState>({
      id: job.id, owner: job.owner, signal: entry.controller.signal, now,
      write: (state) => write(kind, job.id, state),
      enqueue: (type, next) => runner.enqueue(type, next),
      once: (key) => runner.once(key),
      store,
    });
    try {
      await kind.run(context, job.payload);
    } catch (error) {
      console.error(`[jobs] a ${kind.type} handler threw`, error);
    } finally {
      running.delete(job.id);
    }
  };

  const runner: JobRunner = {
    register: kinds.register,
    async enqueue(type, job, row) {
      const kind = kinds.get(type);
      const db = await store();
      if (row) await kinds.insert(db, kind, job, row);
      if (row) feed.publish(job.id, row.state, false);
      running.set(job.id, { controller: new AbortController(), kind });
      const owner = job.owner ?? SYSTEM_OWNER;
      const ticket = { owner: owner.key, group: job.group, ownerLimit: owner.concurrentJobs };
      const queue = () => void queueOf(type, kind.concurrency).run(ticket, () => runOne(kind, job));
      if (!job.delayMs || job.delayMs <= 0) return queue();
      // A delayed job waits outside the queue, so its wait takes no slot; it is listed as waiting meanwhile.
      const timer = setTimeout(() => {
        delayed.delete(timer);
        queue();
      }, job.delayMs);
      timer.unref();
      delayed.add(timer);
    },
    async get(type, id) {
      return kinds.read(await store(), kinds.get(type), id);
    },
    subscribe: feed.subscribe,
    async cancel(type, id) {
      const entry = running.get(id);
      if (!entry || entry.controller.signal.aborted) return false;
      entry.controller.abort();
      await write(entry.kind, id, entry.kind.cancelled);
      return true;
    },
    load: (type) => queues.get(type)?.load() ?? { running: 0, waiting: 0 },
    once: async (key) => !claimed.has(key) && Boolean(claimed.add(key)),
    async list() {
      return [...running].filter(([, entry]) => !entry.controller.signal.aborted)
        .map(([id, entry]) => ({ id, type: entry.kind.type, state: entry.started ? 'running' as const : 'waiting' as const }));
    },
    store,
    async close() {
      for (const timer of delayed) clearTimeout(timer);
      delayed.clear();
      for (const { controller } of running.values()) controller.abort();
      feed.clear();
    },
  };
  return runner;
}
