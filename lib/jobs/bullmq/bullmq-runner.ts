import 'server-only';
import { Queue } from 'bullmq';
import type { Db } from '@/lib/db';
import { bullPrefix, createRedis } from '@/lib/redis/connection';
import { createJobStoreAccess } from '../job-store-access';
import { createKindRegistry } from '../kind-registry';
import { createStateFeed } from '../state-feed';
import { SYSTEM_OWNER, type BaseState, type JobRunner, type JobToRun, type ListedJob } from '../runner';
import { cancelChannel, createStateWriter, ONCE_TTL_MS, onceKey, queueName, statesChannel, type StateMessage } from './redis-states';
import { startJobWorkers, type JobWorkers, type WorkerOptions } from './job-workers';
import { ownerTurns } from './owner-turns';

export interface BullmqRunnerOptions {
  redisUrl: string;
  db: () => Promise<Db>;
  now?: () => number;
  /** Owners take turns by per-owner priorities (default); false: first in, first out (the benchmark's baseline). */
  fair?: boolean;
}

export interface BullmqRunner extends JobRunner {
  /** Makes this process a worker: it takes jobs of every registered kind from the queues. */
  work(options: WorkerOptions): JobWorkers;
}

/** How long a node follows a job it queued without anyone subscribed (its final state ends it sooner). */
const HOLD_MS = 10 * 60 * 1000;
/** The job id of a state message as JSON.stringify writes it (a message Redis re-encoded may order keys otherwise). */
const ID_FIRST = /^\{"id":"([^"\\]+)"/;
const QUEUED_JOB_OPTIONS = { removeOnComplete: { age: 3600, count: 5000 }, removeOnFail: { age: 24 * 3600 } };
/** At most this many jobs of each kind and state are listed (the oldest first). */
const LIST_LIMIT = 1000;

/**
 * The runner on Redis: `enqueue` writes the job's row and first state, then adds it to its kind's BullMQ queue;
 * `npm run worker` processes run it (`work()`). Every state a worker writes reaches the store, the job's key and
 * the states channel; this node passes those of the jobs it follows to its subscribers. Nothing is recovered at
 * start: queued and running jobs live in Redis, and a worker that dies has its jobs retried by another.
 */
export function createBullmqRunner(options: BullmqRunnerOptions): BullmqRunner {
  const now = options.now ?? Date.now;
  const kinds = createKindRegistry(now);
  const store = createJobStoreAccess({ name: 'jobs', db: options.db, now, recover: async () => undefined, purge: kinds.purge });
  // Commands wait out a Redis restart instead of failing: a queued job must not be lost to a reconnection.
  const redis = createRedis('jobs', { maxRetriesPerRequest: null }, options.redisUrl);
  const subscriber = createRedis('job-states', { maxRetriesPerRequest: null }, options.redisUrl);
  const writer = createStateWriter(redis, kinds, store, now);
  const turns = ownerTurns(redis);
  const fair = options.fair ?? true;
  const feed = createStateFeed();
  const queues = new Map<string, Queue>();
  const followed = new Map<string, number>();

  const queueOf = (type: string) => {
    let queue = queues.get(type);
    if (!queue) queues.set(type, (queue = new Queue(queueName(type), { connection: redis, prefix: bullPrefix() })));
    return queue;
  };
  // A process hears the states channel only once it follows a job: a worker that never does is spared every
  // state of every job (each one a message to read and parse).
  let listening = false;
  const follow = (id: string) => {
    followed.set(id, (followed.get(id) ?? 0) + 1);
    if (listening) return;
    listening = true;
    // What was published before the subscription took hold is read back from the jobs' keys.
    subscriber.subscribe(statesChannel()).then(catchUp, (error) => console.error('[jobs] could not subscribe to job states', error));
  };
  const unfollow = (id: string) => {
    const left = (followed.get(id) ?? 1) - 1;
    if (left > 0) followed.set(id, left);
    else followed.delete(id);
  };

  const current = async (id: string, type?: string): Promise<StateMessage | undefined> => {
    const message = await writer.read(id).catch(() => undefined);
    if (message && (!type || message.type === type)) return message;
    if (!type) return undefined;
    const kind = kinds.get(type);
    const state = await kinds.read<BaseState>(await store(), kind, id);
    return state && { id, type, state, final: kind.ended.includes(state.status) };
  };

  subscriber.on('message', (_channel, raw: string) => {
    // A message written here starts with its id: one of a job nobody follows is dropped unparsed.
    const id = ID_FIRST.exec(raw)?.[1];
    if (id !== undefined && !followed.has(id)) return;
    const message = JSON.parse(raw) as StateMessage;
    if (followed.has(message.id)) feed.publish(message.id, message.state, message.final);
  });
  // States published while the connection was down are lost to this node: catch up from each job's key.
  function catchUp() {
    for (const id of followed.keys()) {
      void current(id).then((message) => message && feed.publish(id, message.state, message.final));
    }
  }
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (!connectedOnce) return void (connectedOnce = true);
    catchUp();
  });

  const runner: BullmqRunner = {
    register: kinds.register,
    async enqueue(type, job: JobToRun<unknown>, row) {
      const kind = kinds.get(type);
      if (row) {
        await kinds.insert(await store(), kind, job, row);
        await writer.first(kind, job.id, row.state, row.expiresAt);
        follow(job.id);
        setTimeout(() => unfollow(job.id), HOLD_MS).unref();
        feed.publish(job.id, row.state, false);
      }
      const owner = job.owner ?? SYSTEM_OWNER;
      // A job added while its owner has n − 1 waiting or running gets priority n: every owner's first job runs before anyone's second.
      const priority = fair ? await turns.next(type, owner.key, job.id) : undefined;
      await queueOf(type).add(type, { payload: job.payload, group: job.group, owner }, { jobId: job.id, priority, ...(job.delayMs && job.delayMs > 0 ? { delay: Math.ceil(job.delayMs) } : {}), ...QUEUED_JOB_OPTIONS });
    },
    async get(type, id) {
      return (await current(id, type))?.state as never;
    },
    subscribe(id, listener) {
      follow(id);
      const unsubscribe = feed.subscribe(id, listener);
      // A final state published between the caller's read and this subscription would otherwise never come.
      void current(id).then((message) => message?.final && feed.publish(id, message.state, true));
      return () => {
        unsubscribe();
        unfollow(id);
      };
    },
    async cancel(type, id) {
      const kind = kinds.get(type);
      const state = await current(id, type);
      if (!state || state.final) return false;
      const queued = await queueOf(type).getJob(id);
      if (queued && ['waiting', 'delayed', 'prioritized'].includes(await queued.getState())) {
        await queued.remove().catch(() => undefined);
        await turns.left(type, (queued.data as { owner?: { key: string } }).owner?.key ?? SYSTEM_OWNER.key, id);
      }
      // The worker running it (if any) hears this and aborts its handler; the state is written here at once.
      await redis.publish(cancelChannel(), id);
      await writer.write(kind, id, kind.cancelled);
      return true;
    },
    load: () => ({ running: 0, waiting: 0 }),
    once: async (key) => (await redis.set(onceKey(key), '1', 'PX', ONCE_TTL_MS, 'NX')) === 'OK',
    async list() {
      const listed: ListedJob[] = [];
      for (const kind of kinds.all()) {
        const queue = queueOf(kind.type);
        const [active, waiting] = await Promise.all([
          queue.getJobs(['active'], 0, LIST_LIMIT - 1, true),
          queue.getJobs(['waiting', 'prioritized', 'delayed'], 0, LIST_LIMIT - 1, true),
        ]);
        const found = [...active.map((job) => [job.id, 'running'] as const), ...waiting.map((job) => [job.id, 'waiting'] as const)]
          .filter((entry): entry is readonly [string, 'running' | 'waiting'] => Boolean(entry[0]));
        if (found.length === 0) continue;
        // A cancelled job may still be active until its worker hears of it: its stored state has ended already.
        const ids = found.map(([id]) => id);
        const rows = await (await store()).query<{ id: string; status: string }>(
          `SELECT id, status FROM jobs WHERE id IN (${ids.map(() => '?').join(', ')})`, ids,
        );
        const ended = new Set(rows.filter((row) => kind.ended.includes(row.status)).map((row) => row.id));
        for (const [id, state] of found) if (!ended.has(id)) listed.push({ id, type: kind.type, state });
      }
      return listed;
    },
    store,
    work: (workerOptions) => startJobWorkers({ ...workerOptions, redisUrl: options.redisUrl, redis, kinds, writer, store, now, turns, enqueue: runner.enqueue }),
    async close() {
      feed.clear();
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      subscriber.disconnect();
      redis.disconnect();
    },
  };
  return runner;
}
