import { createHash } from 'node:crypto';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';
import { startNextServer } from '../test/next-server';
import { startRedis, type RedisProcess } from '../test/scale/redis-process';
import { followStatus, hashField, json, startWorker, stopProcess, testSchema } from './scale-out.helpers';

/**
 * Past one machine, with real servers: redis-server (append-only, temp dir) and the test PostgreSQL, two web nodes
 * (`next start` on loopback) and two `npm run worker` processes. Work asked of web 1 is followed — live stream
 * included — and fetched on web 2; a worker SIGKILLed mid-job has its job finished by the other; Redis restarted
 * with jobs queued loses none; a web node restarted breaks nothing a user sees.
 */
const WEB_PORTS = [Number(process.env.E2E_SCALE_PORT ?? 3131), Number(process.env.E2E_SCALE_PORT ?? 3131) + 1];
const WEB = WEB_PORTS.map((port) => `http://127.0.0.1:${port}`);
const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;
const baseDbUrl = process.env.TEST_DATABASE_URL;

test.describe.configure({ mode: 'serial' });
test.skip(!baseDbUrl, 'skipped: TEST_DATABASE_URL is unset (the test command starts PostgreSQL; see scripts/pg-test-cluster.sh)');

let redis: RedisProcess;
let schema: Awaited<ReturnType<typeof testSchema>> | undefined;
let root: string;
let env: Record<string, string>;
const webs: (ChildProcess | undefined)[] = [];
const workers: (ChildProcess | undefined)[] = [];
// A fresh link per run: the shared analysis cache must not answer from an earlier run.
const run = Date.now().toString(36);

const startWeb = async (n: number) => {
  webs[n] = await startNextServer(WEB_PORTS[n], { ...env, DATA_DIR: join(root, `web${n}`), TEMP_DIR: join(root, `web${n}-temp`) });
};
const startJobWorker = async (n: number) => {
  workers[n] = await startWorker({ ...env, DATA_DIR: join(root, `worker${n}`), TEMP_DIR: join(root, `worker${n}-temp`) });
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  root = mkdtempSync(join(tmpdir(), 'grabline-scale-'));
  redis = await startRedis();
  schema = await testSchema(baseDbUrl!);
  env = {
    DATABASE_URL: schema.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `scale-${run}:`,
    JWT_SECRET: 'a-scale-out-test-secret-shared-by-every-node',
    MEDIA_FETCH_ALLOW: new URL(FIXTURE).host,
    ANON_ANALYZE_HOURLY_LIMIT: '10000',
    // Short locks, so a killed worker's job moves to the other within ~4 s (the default is 10 s + 5 s).
    JOB_LOCK_MS: '3000',
    JOB_STALLED_CHECK_MS: '1000',
    WORKER_SHUTDOWN_MS: '5000',
    // Finished files in one directory every node mounts: web 2 serves what a worker prepared.
    FILE_STORE_DIR: join(root, 'files'),
  };
  await Promise.all([startWeb(0), startWeb(1), startJobWorker(0), startJobWorker(1)]);
});

test.afterAll(async () => {
  await Promise.all([...webs, ...workers].map((child) => child && stopProcess(child, 'SIGKILL')));
  await redis?.stop();
  await schema?.drop();
  rmSync(root, { recursive: true, force: true });
});

test('an analysis asked of web 1 is streamed live and read on web 2', async () => {
  // 2 s of latency at the origin: the analysis is still running when web 2 starts streaming it.
  const url = `${FIXTURE}/_sw/latency=2000/video.mp4?run=${run}-analysis`;
  const started = await json(`${WEB[0]}/api/analyze`, { url });
  expect(started.status).not.toBe('ready');
  const states = await followStatus(`${WEB[1]}/api/status/${started.jobId}`);
  expect(states.at(-1)).toMatchObject({ status: 'ready', metadata: { title: expect.any(String) } });
  expect(states.map((s) => s.status)).toEqual(expect.arrayContaining(['ready']));
  expect(states.length).toBeGreaterThanOrEqual(2);
  expect(await json(`${WEB[1]}/api/status/${started.jobId}`)).toMatchObject({ status: 'ready' });
});

test('a download job asked of web 1, its worker SIGKILLed mid-job: the other worker finishes it, web 2 serves the exact bytes', async () => {
  test.setTimeout(120_000);
  // 3 MB at 300 kB/s: each attempt takes ~10 s, so the job is surely mid-way when its worker is killed.
  const source = `${FIXTURE}/_sw/throttle=300000/video.mp4?run=${run}-download`;
  const { downloadId } = await json(`${WEB[0]}/api/media/download`, { url: source, quality: '720p', format: 'mp4' });
  const progress = () => json(`${WEB[1]}/api/media/progress/${downloadId}`);
  await expect.poll(async () => (await progress()).status, { timeout: 30_000 }).toBe('processing');
  // Which worker took it: BullMQ records the worker's name (host:pid) on the job (`pb`, processed by).
  const runningOn = await hashField(redis.url, `${env.REDIS_PREFIX}bull:jobs-download:${downloadId}`, 'pb');
  const victim = workers.findIndex((worker) => runningOn.endsWith(`:${worker!.pid}`));
  expect(victim).toBeGreaterThanOrEqual(0);
  await stopProcess(workers[victim]!, 'SIGKILL');
  const killedAt = (await progress()).progress;
  expect(killedAt).toBeLessThan(100);
  await expect.poll(async () => (await progress()).status, { timeout: 60_000, intervals: [250] }).toBe('ready');
  const survivor = workers[1 - victim]!.pid;
  expect(await hashField(redis.url, `${env.REDIS_PREFIX}bull:jobs-download:${downloadId}`, 'pb')).toMatch(new RegExp(`:${survivor}$`));
  const done = await progress();
  expect(done.progress).toBe(100);
  // The surviving worker's file is in the shared store, where web 2 reads it.
  expect(readdirSync(join(root, 'files'), { recursive: true }).length).toBeGreaterThan(0);

  const file = await fetch(`${WEB[1]}${done.downloadUrl}`);
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  const original = Buffer.from(await (await fetch(`${FIXTURE}/video.mp4`)).arrayBuffer());
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(original).digest('hex'));
  const path = join(root, 'after-kill.mp4');
  writeFileSync(path, bytes);
  const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'csv=p=0', path], { encoding: 'utf8' });
  expect(probe).toContain('h264');
  expect(Number(probe.trim().split('\n').at(-1))).toBeGreaterThan(5.5);
  await startJobWorker(victim);
});

test('a download cancelled on web 2 stops on the worker running it', async () => {
  // 3 MB at 100 kB/s: half a minute of work unless the worker is told to stop.
  const source = `${FIXTURE}/_sw/throttle=100000/video.mp4?run=${run}-cancel`;
  const { downloadId } = await json(`${WEB[0]}/api/media/download`, { url: source, quality: '720p', format: 'mp4' });
  await expect.poll(async () => (await json(`${WEB[1]}/api/media/progress/${downloadId}`)).status, { timeout: 30_000 }).toBe('processing');
  const res = await fetch(`${WEB[1]}/api/media/progress/${downloadId}`, { method: 'DELETE' });
  expect(res.status).toBe(200);
  expect((await res.json()).data).toMatchObject({ status: 'failed', code: 'cancelled' });
  // The worker's handler returned at once: BullMQ marks the job finished long before the half minute.
  const jobKey = `${env.REDIS_PREFIX}bull:jobs-download:${downloadId}`;
  await expect.poll(() => hashField(redis.url, jobKey, 'finishedOn'), { timeout: 5_000 }).not.toBe('');
  expect(await json(`${WEB[0]}/api/media/progress/${downloadId}`)).toMatchObject({ status: 'failed', code: 'cancelled' });
});

test('a bulk batch asked of web 1 is followed and zipped on web 2', async () => {
  const urls = [`${FIXTURE}/video.mp4?run=${run}-bulk-1`, `${FIXTURE}/audio.mp3?run=${run}-bulk-2`];
  const { batchId, statusUrl, zipUrl } = await json(`${WEB[0]}/api/bulk`, { urls, quality: '720p', format: 'mp4' });
  expect(batchId).toBeTruthy();
  await expect.poll(async () => (await json(`${WEB[1]}${statusUrl}`)).done, { timeout: 60_000 }).toBe(true);
  const batch = await json(`${WEB[1]}${statusUrl}`);
  expect(batch.items.map((item: { status: string }) => item.status)).toEqual(['completed', 'completed']);
  const zip = await fetch(`${WEB[1]}${zipUrl}`);
  expect(zip.status).toBe(200);
  const bytes = Buffer.from(await zip.arrayBuffer());
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  const path = join(root, 'batch.zip');
  writeFileSync(path, bytes);
  expect(execFileSync('unzip', ['-l', path], { encoding: 'utf8' })).toMatch(/2 files/);
});

test('Redis restarted while jobs are queued: none is lost', async () => {
  test.setTimeout(90_000);
  await Promise.all(workers.map((worker) => stopProcess(worker!, 'SIGTERM')));
  const ids: string[] = [];
  for (let n = 0; n < 6; n++) ids.push((await json(`${WEB[0]}/api/analyze`, { url: `${FIXTURE}/video.webm?run=${run}-queued-${n}` })).jobId);
  for (const id of ids) expect((await json(`${WEB[1]}/api/status/${id}`)).status).toBe('queued');
  await redis.restart();
  await Promise.all([startJobWorker(0), startJobWorker(1)]);
  await expect.poll(async () => {
    const states = await Promise.all(ids.map(async (id) => (await json(`${WEB[1]}/api/status/${id}`)).status));
    return states.filter((status) => status === 'ready').length;
  }, { timeout: 60_000 }).toBe(ids.length);
});

test('web 1 restarted: its open stream ends cleanly, the job and the pages are still there', async () => {
  test.setTimeout(120_000);
  const url = `${FIXTURE}/_sw/latency=4000/video.mp4?run=${run}-restart`;
  const { jobId } = await json(`${WEB[0]}/api/analyze`, { url });
  const following = followStatus(`${WEB[0]}/api/status/${jobId}`);
  await new Promise((r) => setTimeout(r, 500));
  await stopProcess(webs[0]!, 'SIGTERM');
  // The stream ends without an error (not a reset): the browser then polls, which web 2 answers.
  const states = await following;
  expect(states.at(-1)?.status).not.toBe('error');
  await expect.poll(async () => (await json(`${WEB[1]}/api/status/${jobId}`)).status, { timeout: 30_000 }).toBe('ready');
  await startWeb(0);
  expect(await json(`${WEB[0]}/api/status/${jobId}`)).toMatchObject({ status: 'ready' });
  const page = await fetch(`${WEB[0]}/en/download`);
  expect(page.status).toBe(200);
  const again = await json(`${WEB[0]}/api/analyze`, { url: `${FIXTURE}/audio.m4a?run=${run}-after-restart` });
  const final = await followStatus(`${WEB[0]}/api/status/${again.jobId}`);
  expect(final.at(-1)).toMatchObject({ status: 'ready' });
});
