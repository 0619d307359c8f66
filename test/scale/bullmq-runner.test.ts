import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { MediaInfo } from '@/lib/media/types';
import { analysisKind, createAnalyses } from '@/lib/downloads/analyses';
import { createBullmqRunner, type BullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import type { JobWorkers } from '@/lib/jobs/bullmq/job-workers';
import type { JobSnapshot } from '@/lib/downloads/analyses';
import { createSqliteTestDb } from '@/test/db-engines';
import { Redis } from 'ioredis';
import { createStateWriter, statesChannel } from '@/lib/jobs/bullmq/redis-states';
import { createKindRegistry, type AnyKind } from '@/lib/jobs/kind-registry';
import { startRedis, type RedisProcess } from './redis-process';
import { until } from '@/test/timing';

const info = { id: 'm1', title: 'Clip', formats: [] } as unknown as MediaInfo;

/**
 * The BullMQ runner against a real redis-server of the test's own (append-only, temp dir): two web nodes and a
 * worker, each with its own runner and connections, sharing one store as the nodes of a deployment do.
 */
describe('the BullMQ runner on a real Redis', () => {
  let redis: RedisProcess;
  let db: Db;
  const runners: BullmqRunner[] = [];
  const workers: JobWorkers[] = [];
  /** What the fake analysis does for each link; each call is counted by link. */
  const calls = new Map<string, number>();
  let behaviour: (url: string, signal?: AbortSignal) => Promise<AnalyzedMedia> = async () => ({ info }) as AnalyzedMedia;

  beforeAll(async () => {
    redis = await startRedis();
    db = await createSqliteTestDb();
    vi.stubEnv('REDIS_URL', redis.url);
    vi.stubEnv('REDIS_PREFIX', 'bullmq-test:');
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
    await Promise.all(runners.splice(0).map((runner) => runner.close()));
  });
  afterAll(async () => {
    await db.close();
    await redis.stop();
    vi.unstubAllEnvs();
  });

  const node = () => {
    const runner = createBullmqRunner({ redisUrl: redis.url, db: async () => db });
    runner.register(analysisKind({
      concurrency: 2,
      analyze: (url, options) => {
        calls.set(url, (calls.get(url) ?? 0) + 1);
        return behaviour(url, options.signal);
      },
    }));
    runners.push(runner);
    return { runner, analyses: createAnalyses(runner, { ttlMs: () => 60_000 }) };
  };
  const worker = (shutdownMs = 2000) => {
    const { runner } = node();
    const started = runner.work({ lockMs: 2000, stalledCheckMs: 1000, shutdownMs });
    workers.push(started);
    return started;
  };

  it('a delayed job waits in Redis, not in a worker slot, and starts on a worker once its delay is over', async () => {
    const runner = createBullmqRunner({ redisUrl: redis.url, db: async () => db });
    const ran: { id: string; at: number }[] = [];
    const ended = { status: 'ended', progress: 100 };
    runner.register({
      type: 'webhook-delivery', concurrency: 1, active: ['running'], ended: ['ended'], interrupted: ended, cancelled: ended,
      encode: (state) => ({ status: state.status, progress: state.progress, message: null, result: null }),
      decode: (row) => ({ status: row.status, progress: row.progress }),
      run: async (context) => void ran.push({ id: context.id, at: Date.now() }),
    });
    runners.push(runner);
    workers.push(runner.work({ lockMs: 2000, stalledCheckMs: 1000, shutdownMs: 2000 }));
    const at = Date.now();
    await runner.enqueue('webhook-delivery', { id: 'delayed-1', payload: {}, delayMs: 800 });
    // One slot: a job queued after the delayed one runs first, while the delayed one waits.
    await runner.enqueue('webhook-delivery', { id: 'at-once-1', payload: {} });
    await until(() => ran.length === 2);
    expect(ran.map((run) => run.id)).toEqual(['at-once-1', 'delayed-1']);
    expect(ran[0].at - at).toBeLessThan(700);
    expect(ran[1].at - at).toBeGreaterThanOrEqual(780);
  });

  it('a job queued on one web node runs on a worker, and another web node streams and reads it', async () => {
    const web1 = node();
    const web2 = node();
    worker();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    behaviour = async () => (await gate, { info }) as AnalyzedMedia;
    const id = await web1.analyses.enqueueAnalysis('https://example.com/one.mp4');
    expect(web1.runner.load('analysis')).toEqual({ running: 0, waiting: 0 });
    await until(async () => (await web2.analyses.get(id))?.status === 'analyzing');
    const seen: JobSnapshot[] = [];
    web2.analyses.subscribe(id, (state) => seen.push(state));
    release();
    await until(() => seen.at(-1)?.status === 'ready');
    expect(seen.map((s) => s.status)).toEqual(['ready']);
    expect(await web2.analyses.get(id)).toEqual({ status: 'ready', progress: 100, message: 'Analysis complete', metadata: info });
    expect(await web1.analyses.get(id)).toMatchObject({ status: 'ready' });
  });

  it('only a process that follows a job hears the states channel (a worker does not)', async () => {
    const admin = new Redis(redis.url);
    const listeners = async () => Number(((await admin.pubsub('NUMSUB', statesChannel())) as [string, number])[1]);
    try {
      worker();
      const web = node();
      behaviour = async () => ({ info }) as AnalyzedMedia;
      expect(await listeners()).toBe(0);
      const seen: string[] = [];
      const id = await web.analyses.enqueueAnalysis('https://example.com/heard.mp4');
      web.analyses.subscribe(id, (state) => seen.push(state.status));
      await until(() => seen.includes('ready'));
      expect(await listeners()).toBe(1);
    } finally {
      admin.disconnect();
    }
  });

  it('a cancel from another web node reaches the worker running the job', async () => {
    const web1 = node();
    const web2 = node();
    worker();
    let aborted = false;
    behaviour = (_url, signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => {
      aborted = true;
      reject(signal.reason);
    }));
    const id = await web1.analyses.enqueueAnalysis('https://example.com/forever.mp4');
    await until(async () => (await web2.analyses.get(id))?.status === 'analyzing');
    const states: string[] = [];
    web1.analyses.subscribe(id, (state) => states.push(`${state.status}:${state.code ?? ''}`));
    expect(await web2.analyses.cancel(id)).toBe(true);
    await until(async () => (await web1.analyses.get(id))?.code === 'cancelled');
    await until(() => states.includes('error:cancelled'));
    await until(() => aborted);
    expect(await web2.analyses.cancel(id)).toBe(false);
    expect((await web2.analyses.get(id))?.code).toBe('cancelled');
  });

  it('loses no queued job when Redis restarts before any worker took them', async () => {
    const web = node();
    behaviour = async () => ({ info }) as AnalyzedMedia;
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) ids.push(await web.analyses.enqueueAnalysis(`https://example.com/queued-${n}.mp4`));
    await redis.restart();
    worker();
    worker();
    await until(async () => (await Promise.all(ids.map((id) => web.analyses.get(id)))).every((s) => s?.status === 'ready'), 30_000);
    for (let n = 0; n < 12; n++) expect(calls.get(`https://example.com/queued-${n}.mp4`)).toBe(1);
  });

  it('a worker told to stop lets its running job finish before it closes', async () => {
    const web = node();
    const stopping = worker(5000);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    behaviour = async () => (await gate, { info }) as AnalyzedMedia;
    const id = await web.analyses.enqueueAnalysis('https://example.com/finish-me.mp4');
    await until(async () => (await web.analyses.get(id))?.status === 'analyzing');
    const closed = stopping.close();
    setTimeout(release, 300);
    expect(await closed).toEqual({ finished: true });
    expect(await web.analyses.get(id)).toMatchObject({ status: 'ready' });
  });

  it('a worker whose job outlives its shutdown bound leaves it, and another worker runs it to the end', async () => {
    const web = node();
    const first = worker(300);
    behaviour = async (url) => {
      // The first attempt hangs (its worker is leaving); the retry on the other worker answers.
      if ((calls.get(url) ?? 0) === 1) return new Promise(() => undefined);
      return { info } as AnalyzedMedia;
    };
    const id = await web.analyses.enqueueAnalysis('https://example.com/hand-back.mp4');
    await until(async () => (await web.analyses.get(id))?.status === 'analyzing');
    expect(await first.close()).toEqual({ finished: false });
    // The leaving worker's process would exit here; its lock lapses and the stalled check hands the job on.
    await runners.splice(runners.indexOf(runners.at(-1)!), 1)[0].close();
    workers.splice(workers.indexOf(first), 1);
    worker();
    await until(async () => (await web.analyses.get(id))?.status === 'ready', 20_000);
    expect(calls.get('https://example.com/hand-back.mp4')).toBe(2);
  });

  it("keeps a running job's progress from going back in Redis, as in the store (a retried attempt starts from 0)", async () => {
    const web = node();
    worker();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const id = await web.analyses.enqueueAnalysis('https://example.com/progress.mp4');
    behaviour = async () => (await gate, { info }) as AnalyzedMedia;
    await until(async () => (await web.analyses.get(id))?.status === 'analyzing');
    // A second attempt's first state, written over the first attempt's 25 %.
    const client = new Redis(redis.url);
    const writer = createStateWriter(client, createKindRegistry(Date.now), async () => db, Date.now);
    const kind = analysisKind({ analyze: async () => ({ info }) as AnalyzedMedia }) as unknown as AnyKind;
    await writer.write(kind, id, { status: 'queued', progress: 0 });
    client.disconnect();
    expect(await web.analyses.get(id)).toMatchObject({ status: 'queued', progress: 25 });
    release();
    await until(async () => (await web.analyses.get(id))?.status === 'ready');
    expect((await web.analyses.get(id))?.progress).toBe(100);
  });
});
