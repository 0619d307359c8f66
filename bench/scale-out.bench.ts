// Scale-out throughput, past one machine. One run, ratios in one table:
//   200 analyses + 20 download jobs, queued at once on Redis (BullMQ), the fixture origin adding 40 ms to every
//   request: two `npm run worker` processes finish them ≥ 1.6× faster than one.
//
//   npx vitest run -c vitest.bench.config.ts bench/scale-out.bench.ts
// The bench process is the web node (it enqueues and follows, never runs a job); the workers are real processes
// started as deployed (node scripts/worker.mjs), on a redis-server of the bench's own and the test PostgreSQL when
// TEST_DATABASE_URL is set (else one SQLite file every process opens). The origin runs in a process of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db';
import { createAnalyses } from '@/lib/downloads/analyses';
import { createBullmqRunner, type BullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import { createDownloadJobs } from '@/lib/downloads/download-jobs';
import { buildEngine, registerJobKinds, wireEvents } from '@/lib/server';
import { createTestSchema, dropTestSchema, withSearchPath } from '@/test/db-engines';
import { startRedis, type RedisProcess } from '@/test/scale/redis-process';
import { cpuMeter, findPid } from './cpu-sample';
import { printTable, timed } from './ratio-table';

const ANALYSES = 200;
const DOWNLOADS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

let site: { port: number; child: ChildProcess };
let redis: RedisProcess;
let root: string;
let schema: string | undefined;
let runner: BullmqRunner;
const env: Record<string, string> = {};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'grabline-bench-scale-'));
  site = await startFixtureProcess();
  redis = await startRedis();
  const base = process.env.TEST_DATABASE_URL;
  if (base) schema = await createTestSchema(base);
  Object.assign(env, {
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'bench:',
    DATA_DIR: path.join(root, 'data'),
    MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`,
    ...(base && schema ? { DATABASE_URL: withSearchPath(base, schema) } : {}),
  });
  Object.assign(process.env, env);
  const engine = buildEngine();
  runner = registerJobKinds(createBullmqRunner({ redisUrl: redis.url, db: getDb }), wireEvents({ db: getDb, preparations: engine.preparations }), engine);
});

afterAll(async () => {
  await runner?.close();
  await closeDb();
  await redis?.stop();
  site?.child.kill('SIGTERM');
  if (schema) await dropTestSchema(process.env.TEST_DATABASE_URL!, schema);
  rmSync(root, { recursive: true, force: true });
});

/** The origin in a process of its own (jiti runs it, as the restart test runs its child). */
function startFixtureProcess(): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(path.resolve('node_modules/.bin/jiti'), [path.resolve('bench/fixture-site.child.ts')], {
    env: { ...process.env, JITI_ALIAS: JSON.stringify({ '@/': `${process.cwd()}/` }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /port (\d+)/.exec(out);
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.once('exit', (code) => reject(new Error(`the fixture site exited with ${code}`)));
  });
}

function startWorker(n: number): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: each worker writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, 'scripts/worker.mjs'], {
    env: { ...process.env, ...env, NODE_ENV: 'production', TEMP_DIR: path.join(root, `temp-${n}`) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('[worker] taking jobs')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

const stop = (child: ChildProcess) => new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

/** Queues every job at once and waits until each has ended; throws if any failed. */
async function batch(tag: string, workers: ChildProcess[]): Promise<void> {
  const analyses = createAnalyses(runner, { ttlMs: () => 3_600_000 });
  const downloads = createDownloadJobs(runner, { ttlMs: () => 3_600_000 });
  const origin = `http://127.0.0.1:${site.port}/_sw/latency=40`;
  const ended = (id: string) => new Promise<{ status: string }>((resolve) => {
    const off = runner.subscribe(id, (state) => {
      if (['ready', 'error', 'failed'].includes(state.status)) {
        queueMicrotask(() => off());
        resolve(state);
      }
    });
  });
  const meter = cpuMeter({
    'web node': process.pid,
    ...Object.fromEntries(workers.map((w, n) => [`worker ${n + 1}`, w.pid])),
    redis: findPid(['redis-server', `:${new URL(redis.url).port}`]),
    origin: site.child.pid,
    ...(process.env.TEST_DATABASE_URL ? { postgres: findPid(['-D', `/tmp/grabline-pg-${new URL(process.env.TEST_DATABASE_URL).port}/data`]) } : {}),
  });
  const started = performance.now();
  const ids = await Promise.all([
    ...Array.from({ length: ANALYSES }, (_, i) => analyses.enqueueAnalysis(`${origin}/video.mp4?b=${tag}-${i}`)),
    ...Array.from({ length: DOWNLOADS }, (_, i) => downloads.start({ url: `${origin}/video.webm?b=${tag}-d${i}`, quality: '360p', format: 'webm' })),
  ]);
  console.log(`[bench] ${tag}: ${ids.length} jobs queued in ${Math.round(performance.now() - started)} ms`);
  const lastOf = async (some: string[]) => {
    const done = await Promise.all(some.map(ended));
    return { done, at: Math.round(performance.now() - started) };
  };
  const [analysed, downloaded] = await Promise.all([lastOf(ids.slice(0, ANALYSES)), lastOf(ids.slice(ANALYSES))]);
  const states = [...analysed.done, ...downloaded.done];
  console.log(`[bench] ${tag}: ${Math.round(performance.now() - started)} ms (last analysis ${analysed.at} ms, last download ${downloaded.at} ms); ${meter()}`);
  const failed = states.filter((state) => state.status !== 'ready');
  expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
}

it('two workers finish 200 analyses and 20 downloads ≥ 1.6× faster than one', async () => {
  const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`[bench] load average (1, 5, 15 min) before: ${load()}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const count of [1, 2]) {
      const workers = await Promise.all(Array.from({ length: count }, (_, n) => startWorker(n)));
      // A worker warms its yt-dlp processes as it starts (~1 s of CPU each): not part of what is measured.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await timed(`${count} worker${count > 1 ? 's' : ''}`, () => batch(`r${round}w${count}`, workers));
      await Promise.all(workers.map(stop));
    }
  }
  console.log(`[bench] load average (1, 5, 15 min) after: ${load()}`);
  printTable('Scale-out: 200 analyses + 20 downloads, origin +40 ms a request', [
    { label: 'two workers vs one', reference: '1 worker', candidate: '2 workers', target: '≥ 1.6×', as: 'speed' },
  ]);
});
