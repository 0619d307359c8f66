// Fair sharing between owners. One run, one table:
//   owner A queues a 500-item batch, then owner B asks for one download: the median wait before B's job starts
//   is at most 1.5 × one job's duration, with fairness on — printed beside the same wait first in, first out
//   (the same runner with fairness off), on the embedded runner and on BullMQ (a redis-server of the bench's own,
//   this process the web node that queues, bench/fair-worker.child.ts the worker process that runs).
//
//   npx vitest run -c vitest.bench.config.ts bench/fair.bench.ts
// The jobs are short fixture jobs of a fixed length (a timer, then their final state written to the store): what
// is measured is the runner's choice of the next job, not what a job does. One job's duration is how long a job
// holds its slot on that runner (measured in the FIFO rounds: the batch's time per slot over its jobs per slot),
// so BullMQ's own bookkeeping between two jobs counts in it; the handler's own time is printed beside it.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { createBullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import type { JobRunner } from '@/lib/jobs/runner';
import { createSqliteTestDb } from '@/test/db-engines';
import { startRedis, type RedisProcess } from '@/test/scale/redis-process';
import { fixtureJobKind } from './fair-kind';

const BATCH = 500;
const CONCURRENCY = 8;
const JOB_MS = 60;
const ROUNDS = 3;
const TARGET = 1.5;

let db: Db;
let redis: RedisProcess;
let dir: string;
let worker: ChildProcess;
/** Start times (wall-clock ms) and durations of the jobs the worker process ran, by id. */
const workerStarts = new Map<string, number>();
const workerDurations: number[] = [];

beforeAll(async () => {
  db = await createSqliteTestDb();
  redis = await startRedis();
  dir = mkdtempSync(path.join(tmpdir(), 'grabline-bench-fair-'));
  worker = fork(path.resolve('bench/fair-worker.child.ts'), [], {
    execPath: path.resolve('node_modules/.bin/jiti'),
    execArgv: [],
    env: {
      ...process.env, REDIS_URL: redis.url, FAIR_DB_PATH: path.join(dir, 'worker.db'),
      FAIR_CONCURRENCY: String(CONCURRENCY), FAIR_JOB_MS: String(JOB_MS),
      JITI_ALIAS: JSON.stringify({ '@/': `${process.cwd()}/`, 'server-only': path.resolve('node_modules/server-only/empty.js') }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  worker.on('message', (message: { id: string; at: number; ms?: number }) => {
    if (typeof message !== 'object') return;
    if (message.ms === undefined) workerStarts.set(message.id, message.at);
    else workerDurations.push(message.ms);
  });
  await nextMessage('up');
});
afterAll(async () => {
  if (worker?.connected) worker.send('stop');
  await db?.close();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const nextMessage = (wanted: string) => new Promise<void>((resolve, reject) => {
  const exited = (code: number | null) => reject(new Error(`the worker process exited with ${code}`));
  const listen = (message: unknown) => {
    if (message !== wanted) return;
    worker.off('message', listen);
    worker.off('exit', exited);
    resolve();
  };
  worker.on('message', listen);
  worker.once('exit', exited);
});

/** The fixture job in this process: when each started (wall-clock ms) and how long each ran. */
function timedKind() {
  const startedAt = new Map<string, number>();
  const durations: number[] = [];
  const kind = fixtureJobKind(CONCURRENCY, JOB_MS, (id, at, ms) => (ms === undefined ? startedAt.set(id, at) : durations.push(ms)));
  return { kind, startedAt, durations };
}

interface Setup {
  runner: JobRunner;
  startedAt: Map<string, number>;
  durations: number[];
  stop: () => Promise<void>;
}
type Make = (fair: boolean, round: string) => Promise<Setup>;

const embedded: Make = async (fair) => {
  const { kind, startedAt, durations } = timedKind();
  const runner = createEmbeddedRunner({ db: async () => db, fair });
  runner.register(kind);
  return { runner, startedAt, durations, stop: () => runner.close() };
};

const bullmq: Make = async (fair, round) => {
  // Each round has queues of its own: the jobs an earlier round left waiting are not in its way.
  const prefix = `fair-bench-${round}:`;
  process.env.REDIS_URL = redis.url;
  process.env.REDIS_PREFIX = prefix;
  const ready = nextMessage('ready');
  worker.send({ prefix });
  await ready;
  workerStarts.clear();
  workerDurations.length = 0;
  const web = createBullmqRunner({ redisUrl: redis.url, db: async () => db, fair });
  web.register(timedKind().kind);
  return { runner: web, startedAt: workerStarts, durations: workerDurations, stop: () => web.close() };
};

async function until(check: () => boolean, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('condition never met');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * One round: A's batch queued and running, then B's one job. B's wait in ms; the jobs' own durations; and how long
 * a job held its slot — from the first start to B's, times the slots, over the jobs started in between — which is
 * one job's duration on that runner, its bookkeeping included.
 */
async function round(make: Make, fair: boolean, name: string): Promise<{ wait: number; durations: number[]; slotMs: number }> {
  const { runner, startedAt, durations, stop } = await make(fair, name);
  // A's batch goes in as a route queues one: fifty items at a time.
  for (let i = 0; i < BATCH; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, BATCH - i) }, (_, j) =>
      runner.enqueue('download', { id: `${name}-a${i + j}`, payload: null, owner: { key: 'user:a' } })));
  }
  await until(() => startedAt.size >= CONCURRENCY);
  // B arrives somewhere in the middle of the running jobs, as a real visitor would.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * JOB_MS));
  const asked = performance.timeOrigin + performance.now();
  await runner.enqueue('download', { id: `${name}-b`, payload: null, owner: { key: 'user:b' } });
  await until(() => startedAt.has(`${name}-b`));
  const bStart = startedAt.get(`${name}-b`)!;
  const before = [...startedAt.values()].filter((at) => at < bStart);
  const slotMs = ((bStart - Math.min(...before)) * CONCURRENCY) / before.length;
  await stop();
  return { wait: bStart - asked, durations: [...durations], slotMs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

it(`B's single job waits at most ${TARGET} × one job while A's ${BATCH}-item batch is queued`, async () => {
  const rows: string[] = [];
  const results: { runner: string; fairWait: number; job: number }[] = [];
  for (const [label, make] of [['embedded', embedded], ['BullMQ', bullmq]] as const) {
    const fairWaits: number[] = [];
    const fifoWaits: number[] = [];
    const durations: number[] = [];
    const slots: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const fair = await round(make, true, `${label}-fair-${r}`);
      const fifo = await round(make, false, `${label}-fifo-${r}`);
      fairWaits.push(fair.wait);
      fifoWaits.push(fifo.wait);
      durations.push(...fair.durations, ...fifo.durations);
      // First in, first out, B starts after the whole batch: about 500 ÷ slots jobs in a row in each slot.
      slots.push(fifo.slotMs);
    }
    const job = median(slots);
    const fairWait = median(fairWaits);
    results.push({ runner: label, fairWait, job });
    rows.push(`| ${label.padEnd(8)} | ${median(durations).toFixed(1).padStart(7)} ms | ${job.toFixed(1).padStart(8)} ms | ${fairWait.toFixed(1).padStart(9)} ms | ${(fairWait / job).toFixed(2).padStart(5)}× | ≤ ${TARGET}× | ${median(fifoWaits).toFixed(0).padStart(6)} ms | ${(median(fifoWaits) / job).toFixed(0).padStart(4)}× | ${fairWaits.map((w) => w.toFixed(1)).join(' ')} / ${fifoWaits.map((w) => w.toFixed(0)).join(' ')}`);
  }
  process.stdout.write([
    '',
    `### Fair sharing: B's one job behind A's ${BATCH}-item batch (${CONCURRENCY} slots, ${JOB_MS} ms jobs, median of ${ROUNDS})`,
    '| runner   | handler    | one job (slot) | B waits, fair | ratio  | target | B waits, FIFO | ratio | all runs: fair / FIFO (ms)',
    '|----------|------------|-------------|--------------|--------|--------|-----------|-------|---------------------------',
    ...rows,
    '',
  ].join('\n') + '\n');
  for (const result of results) expect(result.fairWait, result.runner).toBeLessThanOrEqual(TARGET * result.job);
});
