import 'server-only';
import type { Db } from '@/lib/db';
import { createJobContext } from './job-context';
import { createKindRegistry, type AnyKind } from './kind-registry';
import { createJobStoreAccess } from './job-store-access';
import { createLimiter, type Limiter, type LimiterLoad } from './limiter';
import { createStateFeed } from './state-feed';
import type { BaseState, JobKind, JobRunner, JobToRun } from './runner';

export interface EmbeddedRunnerOptions {
  db: () => Promise<Db>;
  now?: () => number;
}

/**
 * The default runner: jobs run in this process, each kind at most `concurrency` at once (per group when a job
 * names one); every state is written to the store before subscribers hear of it, so `get()` never lags an event.
 * Before its first store access it marks what an earlier process left unfinished as interrupted — nothing here
 * survives a restart — and it purges expired jobs at most once a minute.
 */
export function createEmbeddedRunner(options: EmbeddedRunnerOptions): JobRunner {
  const now = options.now ?? Date.now;
  const kinds = createKindRegistry(now);
  const store = createJobStoreAccess({ name: 'jobs', db: options.db, now, recover: kinds.recover, purge: kinds.purge });
  const feed = createStateFeed();
  const limiters = new Map<string, Limiter>();
  const running = new Map<string, { controller: AbortController; kind: AnyKind; started?: boolean }>();
  const claimed = new Set<string>();

  const limiterFor = (kind: AnyKind, group?: string) => {
    const key = `${kind.type}\u0000${group ?? ''}`;
    let limit = limiters.get(key);
    if (!limit) limiters.set(key, (limit = createLimiter(Math.max(1, kind.concurrency))));
    return { limit, key };
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
    if (!entry || entry.controller.signal.aborted) return;
    entry.started = true;
    const context = createJobContext<BaseState>({
      id: job.id, signal: entry.controller.signal, now,
      write: (state) => write(kind, job.id, state),
      enqueue: (type, next) => runner.enqueue(type as JobKind['type'], next),
      once: async (key) => !claimed.has(key) && Boolean(claimed.add(key)),
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
      const { limit, key } = limiterFor(kind, job.group);
      const idle = () => limit.load().running + limit.load().waiting === 0;
      void limit(() => runOne(kind, job)).finally(() => job.group && idle() && limiters.delete(key));
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
    load(type) {
      const total: LimiterLoad = { running: 0, waiting: 0 };
      for (const [key, limit] of limiters) {
        if (!key.startsWith(`${type}\u0000`)) continue;
        total.running += limit.load().running;
        total.waiting += limit.load().waiting;
      }
      return total;
    },
    async list() {
      return [...running].filter(([, entry]) => !entry.controller.signal.aborted)
        .map(([id, entry]) => ({ id, type: entry.kind.type, state: entry.started ? 'running' as const : 'waiting' as const }));
    },
    store,
    async close() {
      for (const { controller } of running.values()) controller.abort();
      feed.clear();
    },
  };
  return runner;
}
