import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { createBulkRunner } from '@/lib/bulk/bulk-runner';
import { createDownloadJobs } from '@/lib/downloads/download-jobs';
import type { DownloadState } from '@/lib/downloads/download-kind';
import { jobBasics } from '@/lib/downloads/prepare-file';
import { createBullmqRunner, type BullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import type { JobWorkers } from '@/lib/jobs/bullmq/job-workers';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import type { JobKind, JobRunner } from '@/lib/jobs/runner';
import { createSqliteTestDb } from '@/test/db-engines';
import { until } from '@/test/timing';
import { startRedis, type RedisProcess } from './redis-process';

const WAIT_MS = 1200;

/** A kind of `type` that records when each job starts and ends it at once. */
function recordingKind(type: string, started: Map<string, number>): JobKind<unknown, DownloadState> {
  return {
    type, concurrency: 2, ...jobBasics(0),
    async run(context) {
      started.set(context.id, Date.now());
      await context.save({ status: 'ready', progress: 100, message: 'Ready' });
    },
  };
}

/**
 * Background work outside its download window is queued with the time the window opens: it waits without a slot
 * (shown as scheduled, with that time) and starts then — on the in-process runner and on BullMQ alike.
 */
describe('work scheduled for its download window starts on time', () => {
  let redis: RedisProcess;
  let db: Db;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    db = await createSqliteTestDb();
    vi.stubEnv('REDIS_URL', redis.url);
    vi.stubEnv('REDIS_PREFIX', 'window-test:');
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    await db.close();
    await redis.stop();
    vi.unstubAllEnvs();
  });

  // Kinds are registered before a BullMQ runner starts working (its workers are made for the kinds it knows).
  const runners: Record<string, (kind: JobKind<unknown, DownloadState>) => JobRunner> = {
    embedded: (kind) => {
      const runner = createEmbeddedRunner({ db: async () => db });
      runner.register(kind);
      closers.push(() => runner.close());
      return runner;
    },
    bullmq: (kind) => {
      const runner: BullmqRunner = createBullmqRunner({ redisUrl: redis.url, db: async () => db });
      runner.register(kind);
      closers.push(() => runner.close());
      const workers: JobWorkers = runner.work({ lockMs: 2000, stalledCheckMs: 1000, shutdownMs: 2000 });
      closers.push(async () => void (await workers.close()));
      return runner;
    },
  };

  it.each(Object.keys(runners))('a download on the %s runner', async (name) => {
    const started = new Map<string, number>();
    const runner = runners[name](recordingKind('download', started));
    const downloads = createDownloadJobs(runner, { ttlMs: () => 60_000 });
    const startAt = Date.now() + WAIT_MS;
    const later = await downloads.start({ url: 'https://example.com/later.mp4', quality: '720p', format: 'mp4' }, { accountId: null }, undefined, { startAt });
    const now = await downloads.start({ url: 'https://example.com/now.mp4', quality: '720p', format: 'mp4' }, { accountId: null }, undefined, { startAt: Date.now() - 5 });
    expect(await downloads.get(later)).toMatchObject({ status: 'queued', message: 'Scheduled', scheduledFor: new Date(startAt).toISOString() });
    await until(() => started.has(now));
    expect(started.has(later)).toBe(false);
    expect((await downloads.get(now))?.scheduledFor).toBeUndefined();
    await until(() => started.has(later), 10_000);
    expect(started.get(later)!).toBeGreaterThanOrEqual(startAt - 20);
    expect(started.get(later)! - startAt).toBeLessThan(1500);
    await until(async () => (await downloads.get(later))?.status === 'ready');
    expect((await downloads.get(later))?.scheduledFor).toBeUndefined();
  });

  it.each(Object.keys(runners))('a bulk batch marked "later" on the %s runner', async (name) => {
    const started = new Map<string, number>();
    const runner = runners[name](recordingKind('bulk-item', started));
    const bulk = createBulkRunner(runner, { ttlMs: () => 60_000 });
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING', ['u_later', 'later@example.com', 'h', 1]);
    const startAt = Date.now() + WAIT_MS;
    const { batchId } = await bulk.start({ urls: ['https://example.com/a.mp4', 'https://example.com/b.mp4'], quality: '720p', format: 'mp4' }, 'u_later', undefined, { startAt });
    const waiting = await bulk.get(batchId, { userId: 'u_later' });
    expect(waiting).toMatchObject({ scheduledFor: new Date(startAt).toISOString() });
    expect(waiting!.items.map((item) => [item.status, item.message])).toEqual([['pending', 'Scheduled for the download window'], ['pending', 'Scheduled for the download window']]);
    await until(() => started.size === 2, 10_000);
    for (const at of started.values()) {
      expect(at).toBeGreaterThanOrEqual(startAt - 20);
      expect(at - startAt).toBeLessThan(1500);
    }
    await until(async () => (await bulk.get(batchId, { userId: 'u_later' }))?.done === true);
    expect((await bulk.get(batchId, { userId: 'u_later' }))?.scheduledFor).toBeUndefined();
  });
});
