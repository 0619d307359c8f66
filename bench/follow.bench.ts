// Following creators at scale: 1 000 followed YouTube-style channel feeds, each answered by the fixture origin 40 ms
// late, are all checked by one worker (a real `npm run worker` process on a Redis of the bench's own) in ≤ 60 s.
// Two rounds: the first check of each follow (it records the three uploads each feed has), then a check that finds
// nothing new — which must write nothing (the uploads table is compared before and after).
//
//   npx vitest run -c vitest.bench.config.ts bench/follow.bench.ts
// The bench process plays the web node: it creates the follows, claims the due ones and queues their checks.
// The reference is one sequential pass of the same 1 000 feed requests from the bench process (what a check cannot
// beat without running checks side by side); the ratio is ours ÷ that pass.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db';
import { createFollow } from '@/lib/follows/follows-store';
import { followFiltersSchema } from '@/lib/follows/schemas';
import { enqueueDueChecks } from '@/lib/follows/scheduler';
import { createBullmqRunner, type BullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import { queueName } from '@/lib/jobs/bullmq/redis-states';
import { bullPrefix, createRedis } from '@/lib/redis/connection';
import { buildEngine, registerJobKinds, wireEvents } from '@/lib/server';
import { startRedis, type RedisProcess } from '@/test/scale/redis-process';
import { printTable, seconds, timed } from './ratio-table';

const FOLLOWS = 1000;
const LIMIT_S = 60;
const HOUR = 3_600_000;
const channelId = (n: number) => `UC${String(n).padStart(22, 'b')}`;

let site: { port: number; child: ChildProcess };
let redis: RedisProcess;
let worker: ChildProcess;
let root: string;
let runner: BullmqRunner;
const env: Record<string, string> = {};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'grabline-bench-follow-'));
  site = await startFixtureProcess();
  redis = await startRedis();
  Object.assign(env, {
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'benchfollow:',
    DATA_DIR: path.join(root, 'data'),
    DATABASE_URL: '',
    MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`,
    FOLLOW_YOUTUBE_FEED_URL: `http://127.0.0.1:${site.port}/_sw/latency=40/creators/feeds/videos.xml`,
    // Every check is one link of its owner's hourly analysis quota: one user's 2 000 checks in an hour need room.
    USER_ANALYZE_HOURLY_LIMIT: '100000',
  });
  Object.assign(process.env, env);
  const engine = buildEngine();
  runner = registerJobKinds(createBullmqRunner({ redisUrl: redis.url, db: getDb }), wireEvents({ db: getDb, preparations: engine.preparations }), engine);
  const db = await getDb();
  await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['bench', 'bench@example.com', 'h', 1]);
  for (let n = 0; n < FOLLOWS; n++) {
    await createFollow(db, 'bench', {
      platform: 'youtube', channelUrl: `https://www.youtube.com/channel/${channelId(n)}`, feedId: channelId(n), name: `Creator ${n}`,
      mode: 'pick', filters: followFiltersSchema.parse({}),
    }, Date.now(), HOUR);
  }
  worker = await startWorker();
}, 120_000);

afterAll(async () => {
  if (worker) await stop(worker);
  await runner?.close();
  await closeDb();
  await redis?.stop();
  site?.child.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

function startFixtureProcess(): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(path.resolve('node_modules/.bin/jiti'), [path.resolve('bench/fixture-site.child.ts')], {
    env: { ...process.env, JITI_ALIAS: JSON.stringify({ '@/': `${process.cwd()}/` }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec((out += chunk.toString()));
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.once('exit', (code) => reject(new Error(`the fixture site exited with ${code}`)));
  });
}

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/worker.mjs'], {
    env: { ...process.env, ...env, NODE_ENV: 'production', TEMP_DIR: path.join(root, 'temp') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if ((out += chunk.toString()).includes('[worker] taking jobs')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

const stop = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

/** Claims every due follow, queues its check, and waits until the worker has run them all. */
async function round(): Promise<void> {
  const connection = createRedis('bench-follow', { maxRetriesPerRequest: null }, redis.url);
  const queue = new Queue(queueName('follow-check'), { connection, prefix: bullPrefix() });
  try {
    const before = await queue.getJobCounts('completed', 'failed');
    const queued = await enqueueDueChecks({ db: getDb, runner, periodMs: () => HOUR });
    expect(queued).toBe(FOLLOWS);
    for (;;) {
      const counts = await queue.getJobCounts('completed', 'failed');
      if (counts.completed + counts.failed - before.completed - before.failed >= FOLLOWS) {
        expect(counts.failed - before.failed).toBe(0);
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

const uploadsTable = async () => (await getDb()).query('SELECT follow_id, media_id, state, seen_at FROM follow_uploads ORDER BY follow_id, media_id');
const dueAgain = async () => void (await (await getDb()).run('UPDATE follows SET next_check_at = 0'));

it(`checks ${FOLLOWS} followed feeds (+40 ms each) with one worker in ≤ ${LIMIT_S} s, and a check finding nothing writes nothing`, async () => {
  await timed('sequential feed requests', async () => {
    for (let n = 0; n < FOLLOWS; n++) await (await fetch(`${env.FOLLOW_YOUTUBE_FEED_URL}?channel_id=${channelId(n)}`)).text();
  });
  await timed('first checks (record what exists)', round);
  const primed = await (await getDb()).get<{ n: number }>('SELECT COUNT(*) AS n FROM follows WHERE primed = 1');
  expect(Number(primed?.n)).toBe(FOLLOWS);
  const recorded = await uploadsTable();
  expect(recorded).toHaveLength(FOLLOWS * 3);

  await dueAgain();
  await timed('checks finding nothing new', round);
  expect(await uploadsTable()).toEqual(recorded);

  printTable(`${FOLLOWS} follow checks by one worker, origin +40 ms a request`, [
    { label: 'first checks ÷ one sequential pass', reference: 'sequential feed requests', candidate: 'first checks (record what exists)', target: `≤ ${LIMIT_S} s`, as: 'time' },
    { label: 'checks finding nothing ÷ one sequential pass', reference: 'sequential feed requests', candidate: 'checks finding nothing new', target: `≤ ${LIMIT_S} s`, as: 'time' },
  ]);
  console.log(`[bench] ${FOLLOWS} first checks: ${seconds['first checks (record what exists)'].toFixed(2)} s; ${FOLLOWS} checks finding nothing: ${seconds['checks finding nothing new'].toFixed(2)} s (limit ${LIMIT_S} s each)`);
  expect(seconds['first checks (record what exists)']).toBeLessThanOrEqual(LIMIT_S);
  expect(seconds['checks finding nothing new']).toBeLessThanOrEqual(LIMIT_S);
}, 15 * 60_000);
