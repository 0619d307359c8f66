import 'server-only';
import { hostname } from 'node:os';
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '@/lib/db';
import { bullPrefix, createRedis } from '@/lib/redis/connection';
import { createJobContext } from '../job-context';
import type { AnyKind, KindRegistry } from '../kind-registry';
import type { LimiterLoad } from '../limiter';
import { SYSTEM_OWNER, type BaseState, type JobOwner, type JobRunner } from '../runner';
import { UNCAPPED, type OwnerTurns } from './owner-turns';
import { cancelChannel, ONCE_TTL_MS, onceKey, queueName, type StateWriter } from './redis-states';

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
  turns: OwnerTurns;
  enqueue: JobRunner['enqueue'];
}

interface QueuedJob {
  payload: unknown;
  owner?: JobOwner;
}

export interface JobWorkers {
  load(type: string): LimiterLoad;
  /** Takes no new job, lets running ones finish for up to `shutdownMs`, then stops (what still runs is retried elsewhere). */
  close(): Promise<{ finished: boolean }>;
}

/** A worker that died mid-job twice on the same job is not a coincidence: the third stall fails it. */
const MAX_STALLS = 2;
/**
 * A job whose owner already runs its `concurrentJobs` goes back to BullMQ's delayed set, keeping its priority, and
 * returns later: the more often it did, the later (up to 5 s), so a long backlog of one owner is not fetched over
 * and over while it waits.
 */
const CAPPED_RETRY_MS = 250;
const CAPPED_RETRY_MAX_MS = 5000;

/** One BullMQ worker per kind in this process, each running at most the kind's concurrency at once. */
export function startJobWorkers(options: Internals): JobWorkers {
  const running = new Map<string, { controller: AbortController; type: string }>();
  const cancels = createRedis('job-cancels', { maxRetriesPerRequest: null }, options.redisUrl);
  void cancels.subscribe(cancelChannel()).catch((error) => console.error('[worker] could not subscribe to cancels', error));
  cancels.on('message', (_channel, id: string) => running.get(id)?.controller.abort());

  const processorFor = (kind: AnyKind) => async (job: Job<QueuedJob>, token?: string) => {
    const id = job.id!;
    const owner = job.data.owner ?? SYSTEM_OWNER;
    const lease = options.lockMs * 2;
    await options.turns.left(kind.type, owner.key, id);
    // Every job takes a leased place among its owner's running ones (the turns count them); a capped owner's only
    // when under the cap, else the job waits its turn again.
    if (!(await options.turns.claim(kind.type, owner.key, id, owner.concurrentJobs ?? UNCAPPED, lease))) {
      await job.moveToDelayed(Date.now() + Math.min(CAPPED_RETRY_MAX_MS, CAPPED_RETRY_MS * Math.max(1, job.attemptsStarted)), token);
      throw new DelayedError();
    }
    const renewal = setInterval(() => void options.turns.renew(kind.type, owner.key, id, lease).catch(() => undefined), options.lockMs / 2);
    const controller = new AbortController();
    running.set(id, { controller, type: kind.type });
    const context = createJobContext<BaseState>({
      id, owner, signal: controller.signal, now: options.now,
      write: (state) => options.writer.write(kind, id, state),
      enqueue: (type, next) => options.enqueue(type, next),
      once: async (key) => (await options.redis.set(onceKey(key), '1', 'PX', ONCE_TTL_MS, 'NX')) === 'OK',
      store: options.store,
    });
    try {
      await kind.run(context, job.data.payload);
    } finally {
      running.delete(id);
      clearInterval(renewal);
      await options.turns.release(kind.type, owner.key, id).catch(() => undefined);
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
