import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { fixtureCheck, followChannel, seedUser } from '@/lib/follows/follows.testkit';
import { createBullmqRunner, type BullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import type { JobWorkers } from '@/lib/jobs/bullmq/job-workers';
import { peek } from '@/lib/rate-limit/counters';
import { userAnalyzeQuotas } from '@/lib/rate-limit/quotas';
import { closeRedis } from '@/lib/redis/connection';
import { webhookDeliveryKind } from '@/lib/webhooks/delivery-kind';
import { insertDelivery, listDeliveries } from '@/lib/webhooks/delivery-store';
import { envelope } from '@/lib/webhooks/envelope';
import { createWebhook } from '@/lib/webhooks/webhook-store';
import { startReceiver, type Receiver } from '@/test/api/webhooks.testkit';
import { dbEngines } from '@/test/db-engines';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { startRedis, type RedisProcess } from './redis-process';
import { until } from '@/test/timing';

/**
 * Follow checks and webhook deliveries as BullMQ jobs run by a worker (REDIS_URL set, as in a scaled deployment):
 * the owner's account is read when the job runs on the worker, and the check's link is counted in Redis.
 */
describe.each(dbEngines())('follow checks and webhook deliveries on a BullMQ worker, store on $name', ({ create }) => {
  let redis: RedisProcess;
  let site: FixtureSite;
  let receiver: Receiver;
  let db: Db;
  let runner: BullmqRunner;
  let workers: JobWorkers;
  let channel = 0;

  beforeAll(async () => {
    redis = await startRedis();
    site = await startFixtureSite();
    receiver = await startReceiver([200]);
    vi.stubEnv('MEDIA_FETCH_ALLOW', `127.0.0.1:${site.port},${receiver.hostPort}`);
    vi.stubEnv('REDIS_URL', redis.url);
  });
  beforeEach(async () => {
    vi.stubEnv('REDIS_PREFIX', `owner-test-${(channel += 1)}:`);
    db = await create();
    runner = createBullmqRunner({ redisUrl: redis.url, db: async () => db });
    // One follow check at a time: the worker takes them in the order they were queued.
    runner.register({ ...fixtureCheck(db, site.origin).kind, concurrency: 1 });
    runner.register(webhookDeliveryKind({ concurrency: 1, retryDelaysMs: () => [], attempt: () => ({ timeoutMs: 5_000, siteUrl: 'http://localhost' }) }));
    workers = runner.work({ lockMs: 2000, stalledCheckMs: 1000, shutdownMs: 2000 });
  });
  afterEach(async () => {
    await workers.close();
    await runner.close();
    await closeRedis();
    await db.close();
    delete process.env.USER_ANALYZE_HOURLY_LIMIT;
  });
  afterAll(async () => {
    await receiver.close();
    await site.close();
    await redis.stop();
    vi.unstubAllEnvs();
  });

  const primed = async (id: string) => Number((await db.get<{ primed: number }>('SELECT primed FROM follows WHERE id = ?', [id]))?.primed) === 1;
  const used = async (userId: string) => {
    const { key, quotas } = userAnalyzeQuotas(userId);
    return (await peek(db, key, quotas)).states[0].used;
  };
  const check = (followId: string, n: number) => runner.enqueue('follow-check', { id: `fck_${followId}_${n}`, payload: { followId } });

  it('skips a disabled account\'s follow, checks an active one, and puts off a check over its owner\'s quota', async () => {
    process.env.USER_ANALYZE_HOURLY_LIMIT = '1';
    const ada = await seedUser(db, 'ada');
    const bob = await seedUser(db, 'bob');
    const at = Date.now();
    const adas = await followChannel(db, ada, 2000 + channel * 10, at);
    const bobs = await followChannel(db, bob, 2001 + channel * 10, at);
    await db.run("UPDATE users SET role = 'disabled' WHERE id = ?", [ada]);
    await check(adas.id, 1);
    await check(bobs.id, 1);
    await until(() => primed(bobs.id));
    expect(await primed(adas.id)).toBe(false);
    expect([await used(ada), await used(bob)]).toEqual([0, 1]);

    // Bob's hour is used up: his next check does not read the feed and is due again when the hour resets.
    const reads = site.stats.byPath.get('/creators/feeds/videos.xml') ?? 0;
    await check(bobs.id, 2);
    const reset = userAnalyzeQuotas(bob).quotas[0].window.resetsAt;
    await until(async () => Number((await db.get<{ next_check_at: number }>('SELECT next_check_at FROM follows WHERE id = ?', [bobs.id]))?.next_check_at) >= reset);
    expect(site.stats.byPath.get('/creators/feeds/videos.xml') ?? 0).toBe(reads);
    expect(await used(bob)).toBe(1);
  });

  it('gives up a delivery of a disabled account\'s webhook without sending it, and delivers an active one\'s', async () => {
    const ada = await seedUser(db, 'ada');
    const bob = await seedUser(db, 'bob');
    const hooks = {
      ada: await createWebhook(db, ada, { url: `${receiver.origin}/ada`, events: ['batch.finished'], format: 'json' }),
      bob: await createWebhook(db, bob, { url: `${receiver.origin}/bob`, events: ['batch.finished'], format: 'json' }),
    };
    await db.run("UPDATE users SET role = 'disabled' WHERE id = ?", [ada]);
    for (const [who, hook] of Object.entries(hooks)) {
      const id = `dlv_${who}_${channel}`;
      const body = JSON.stringify(envelope('batch.finished', id, Date.now(), { batchId: 'batch_x', ready: 1, total: 1 }));
      await insertDelivery(db, { id, webhookId: hook.id, event: 'batch.finished', body, maxAttempts: 1 });
      await runner.enqueue('webhook-delivery', { id, payload: { deliveryId: id, webhookId: hook.id }, group: hook.id });
    }
    const ended = async (hook: { id: string }) => (await listDeliveries(db, hook.id))[0];
    await until(async () => (await ended(hooks.ada))?.status === 'failed' && (await ended(hooks.bob))?.status === 'delivered');
    expect(await ended(hooks.ada)).toMatchObject({ status: 'failed', attempts: 0, errorCode: 'account_disabled' });
    expect(receiver.received.map((request) => request.path)).toEqual(expect.not.arrayContaining(['/ada']));
    expect(receiver.received.map((request) => request.path)).toContain('/bob');
  });
});
