import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { createBullmqRunner, type BullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import type { JobWorkers } from '@/lib/jobs/bullmq/job-workers';
import { gatedKind, until } from '@/lib/jobs/fair.testkit';
import type { JobOwner } from '@/lib/jobs/runner';
import { createSqliteTestDb } from '@/test/db-engines';
import { startRedis, type RedisProcess } from './redis-process';

/**
 * Fair sharing on the BullMQ runner against a real redis-server of the test's own: one web node queues, one
 * worker (the same process, so the test holds each job's gate) runs. Each case uses a prefix of its own.
 */
describe('fair sharing on the BullMQ runner', () => {
  let redis: RedisProcess;
  let db: Db;
  const runners: BullmqRunner[] = [];
  const workers: JobWorkers[] = [];
  let round = 0;

  beforeAll(async () => {
    redis = await startRedis();
    db = await createSqliteTestDb();
    vi.stubEnv('REDIS_URL', redis.url);
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

  const setUp = (concurrency: number, fair = true) => {
    vi.stubEnv('REDIS_PREFIX', `fair-${(round += 1)}:`);
    const gated = gatedKind(concurrency);
    const runner = createBullmqRunner({ redisUrl: redis.url, db: async () => db, fair });
    runner.register(gated.kind);
    runners.push(runner);
    const work = () => workers.push(runner.work({ lockMs: 2000, stalledCheckMs: 1000, shutdownMs: 500 }));
    const start = (id: string, owner: JobOwner) =>
      runner.enqueue('download', { id: `${id}-${round}`, payload: { n: 1 }, owner }, { state: { status: 'queued', progress: 0 }, owner: null, expiresAt: Date.now() + 60_000 });
    const name = (id: string) => id.replace(/-\d+$/, '');
    return { ...gated, work, start, name, finish: (id: string) => gated.finish(`${id}-${round}`) };
  };

  it("starts B's single job in the first slot that frees while A's 20 wait", async () => {
    const { work, start, started, finish, name } = setUp(2);
    work();
    for (let i = 0; i < 20; i++) await start(`a${i}`, { key: 'user:a' });
    await until(() => started.length === 2, 10_000);
    await start('b0', { key: 'user:b' });
    finish('a0');
    await until(() => started.length === 3, 10_000);
    expect(started.map(name)).toEqual(['a0', 'a1', 'b0']);
    finish('a1');
    await until(() => started.length === 4, 10_000);
    expect(name(started[3])).toBe('a2');
  });

  it('first in, first out when fairness is off: B waits behind all of A', async () => {
    const { work, start, started, finish, name } = setUp(1, false);
    work();
    for (let i = 0; i < 3; i++) await start(`a${i}`, { key: 'user:a' });
    await start('b0', { key: 'user:b' });
    for (const id of ['a0', 'a1', 'a2']) {
      await until(() => started.map(name).includes(id), 10_000);
      finish(id);
    }
    await until(() => started.length === 4, 10_000);
    expect(started.map(name)).toEqual(['a0', 'a1', 'a2', 'b0']);
  });

  it("runs at most an owner's concurrentJobs at once, and other owners' jobs use the slots left", async () => {
    const { work, start, started, finish, running, name } = setUp(4);
    for (let i = 0; i < 5; i++) await start(`a${i}`, { key: 'user:a', concurrentJobs: 2 });
    await start('b0', { key: 'user:b', concurrentJobs: 2 });
    work();
    await until(() => started.length === 3, 10_000);
    await new Promise((r) => setTimeout(r, 600));
    expect(running().map(name).sort()).toEqual(['a0', 'a1', 'b0']);
    finish('a0');
    await until(() => started.length === 4, 10_000);
    expect(name(started[3])).toBe('a2');
    expect(running()).toHaveLength(3);
  });
});
