import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cancelAnyJob, liveQueue } from '@/lib/admin/queue';
import { addUser, gatedKind, queued, until } from '@/lib/admin/queue.testkit';
import type { Db } from '@/lib/db';
import { createBullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import { createSqliteTestDb } from '@/test/db-engines';
import { startRedis, type RedisProcess } from './redis-process';

/** The admin's live queue on BullMQ, against a redis-server of the test's own: a web node lists what a worker runs. */
describe('the live queue on the BullMQ runner', () => {
  let redis: RedisProcess;
  let db: Db;
  beforeAll(async () => {
    redis = await startRedis();
    db = await createSqliteTestDb();
    vi.stubEnv('REDIS_URL', redis.url);
    vi.stubEnv('REDIS_PREFIX', 'bullmq-list-test:');
  });
  afterAll(async () => {
    await db.close();
    await redis.stop();
    vi.unstubAllEnvs();
  });

  it('lists the running job and the waiting ones across nodes, and a cancel from the web node stops each', async () => {
    await addUser(db, 'usr_a', 'a@example.com');
    const gated = gatedKind(1);
    const web = createBullmqRunner({ redisUrl: redis.url, db: async () => db });
    const workerNode = createBullmqRunner({ redisUrl: redis.url, db: async () => db });
    web.register(gated.kind);
    workerNode.register(gated.kind);
    const start = (id: string, owner: string | null) =>
      web.enqueue('download', { id, payload: { n: 1 } }, { state: queued, owner, expiresAt: Date.now() + 60_000 });
    await start('dl_1', 'usr_a');
    await start('dl_2', null);
    await start('dl_3', 'usr_a');
    // Before any worker: all three wait in Redis.
    expect((await web.list()).map((job) => job.state)).toEqual(['waiting', 'waiting', 'waiting']);
    const worker = workerNode.work({ lockMs: 2000, stalledCheckMs: 1000, shutdownMs: 1000 });
    try {
      await until(async () => (await web.get('download', 'dl_1'))?.status === 'running');
      const live = await liveQueue(web, db);
      expect(live.map(({ id, state, owner, progress }) => ({ id, state, owner, progress }))).toEqual([
        { id: 'dl_1', state: 'running', owner: 'a@example.com', progress: 40 },
        { id: 'dl_2', state: 'waiting', owner: null, progress: 0 },
        { id: 'dl_3', state: 'waiting', owner: 'a@example.com', progress: 0 },
      ]);
      await cancelAnyJob(web, db, 'dl_2');
      await cancelAnyJob(web, db, 'dl_1');
      await until(() => gated.aborted.includes('dl_1'));
      await until(async () => (await web.get('download', 'dl_3'))?.status === 'running');
      await until(async () => JSON.stringify(await web.list()) === JSON.stringify([{ id: 'dl_3', type: 'download', state: 'running' }]));
      expect(await web.get('download', 'dl_2')).toMatchObject({ status: 'failed', code: 'cancelled' });
      await expect(cancelAnyJob(web, db, 'dl_2')).rejects.toMatchObject({ code: 'not_found' });
      gated.release();
      await until(async () => (await web.list()).length === 0);
    } finally {
      gated.release();
      await worker.close();
      await workerNode.close();
      await web.close();
    }
  });
});
