import 'server-only';
import { hostname } from 'node:os';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '@/lib/db';
import { bullPrefix, createRedis } from '@/lib/redis/connection';
import { createJobContext } from '../job-context';
import type { AnyKind, KindRegistry } from '../kind-registry';
import type { LimiterLoad } from '../limiter';
import type { BaseState, JobRunner } from '../runner';
import { cancelChannel, onceKey, queueName, type StateWriter } from './redis-states';

export interface WorkerOptions {
  /** A running job's lock; renewed every half of it. */
  lockMs: number;
  /** How often a worker looks for jobs whose lock lapsed (their worker died) and puts them back in the queue. */
  stalledCheckMs: number;
  /** How long `close()` lets running jobs finish before it leaves them to another worker. */
  shutdownMs: number;
}

interface Internals extends WorkerOptions {
  redisUrl: string;
  redis: Redis;
  kinds: KindRegistry;
  writer: StateWriter;
  store: () => Promise<Db>;
  now: () => number;
  enqueue: JobRunner['enqueue'];
}

export interface JobWorkers {
  load(type: string): LimiterLoad;
  /** Takes no new job, lets running ones finish for up to `shutdownMs`, then stops (what still runs is retried elsewhere). */
  close(): Promise<{ finished: boolean }>;
}

/** A worker that died mid-job twice on the same job is not a coincidence: the third stall fails it. */
const MAX_STALLS = 2;
const ONCE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** One BullMQ worker per kind in this process, each running at most the kind's concurrency at once. */
export function startJobWorkers(options: Internals): JobWorkers {
  const running = new Map<string, { controller: AbortController; type: string }>();
  const cancels = createRedis('job-cancels', { maxRetriesPerRequest: null }, options.redisUrl);
  void cancels.subscribe(cancelChannel()).catch((error) => console.error('[worker] could not subscribe to cancels', error));
  cancels.on('message', (_channel, id: string) => running.get(id)?.controller.abort());

  const processorFor = (kind: AnyKind) => async (job: { id?: string; data: { payload: unknown } }) => {
    const id = job.id!;
    const controller = new AbortController();
    running.set(id, { controller, type: kind.type });
    const context = createJobContext<BaseState>({
      id, signal: controller.signal, now: options.now,
      write: (state) => options.writer.write(kind, id, state),
      enqueue: (type, next) => options.enqueue(type as AnyKind['type'], next),
      once: async (key) => (await options.redis.set(onceKey(key), '1', 'PX', ONCE_TTL_MS, 'NX')) === 'OK',
      store: options.store,
    });
    try {
      await kind.run(context, job.data.payload);
    } finally {
      running.delete(id);
    }
  };

  const workers = options.kinds.all().map((kind) => {
    const worker = new Worker(queueName(kind.type), processorFor(kind), {
      // Stored on each job it takes (`processedBy`): which worker runs what, for an operator (and the scale test).
      name: `${hostname()}:${process.pid}`,
      connection: options.redis, prefix: bullPrefix(), concurrency: Math.max(1, kind.concurrency),
      lockDuration: options.lockMs, stalledInterval: options.stalledCheckMs, maxStalledCount: MAX_STALLS,
    });
    // Stalled once too often (or a handler threw past its own catch): nothing will finish it now, so say so.
    worker.on('failed', (job, error) => {
      console.error(`[worker] a ${kind.type} job failed`, job?.id, error?.message);
      if (job?.id) void options.writer.write(kind, job.id, kind.interrupted);
    });
    worker.on('error', (error) => console.error(`[worker] ${kind.type} worker`, error.message));
    return worker;
  });

  return {
    load(type) {
      let count = 0;
      for (const job of running.values()) if (job.type === type) count += 1;
      return { running: count, waiting: 0 };
    },
    async close() {
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        Promise.all(workers.map((worker) => worker.close())).then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), options.shutdownMs))),
      ]);
      clearTimeout(timer);
      cancels.disconnect();
      return { finished };
    },
  };
}
