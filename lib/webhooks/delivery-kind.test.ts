import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import type { BaseState, JobContext, JobToRun } from '@/lib/jobs/runner';
import { createGuardedFetch } from '@/lib/net/guarded-fetch';
import { dbEngines } from '@/test/db-engines';
import { openStoreAndReceiver, type Receiver } from '@/test/api/webhooks.testkit';
import { attemptDelivery } from './attempt';
import { webhookDeliveryKind, type DeliveryJob } from './delivery-kind';
import { insertDelivery, listDeliveries, readDelivery } from './delivery-store';
import { envelope } from './envelope';
import { createWebhook, webhookTarget } from './webhook-store';

const DEFAULT_DELAYS = [10_000, 60_000, 300_000, 1_800_000];

describe.each(dbEngines())('a webhook delivery job on $name', ({ create }) => {
  let db: Db;
  let receiver: Receiver;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ db, receiver, close } = await openStoreAndReceiver(create, [503]));
  });
  afterEach(() => close());

  const queue = async (hook: { id: string }, maxAttempts: number) => {
    const id = `dlv_${Math.random().toString(36).slice(2)}`;
    await insertDelivery(db, { id, webhookId: hook.id, event: 'follow.new', body: JSON.stringify(envelope('follow.new', id, 0, {})), maxAttempts });
    return id;
  };
  /** A job context on the store whose `enqueue` only records the next job (what a runner would start later). */
  const contextOf = (queued: JobToRun<DeliveryJob>[]) => ({
    id: 'job', signal: new AbortController().signal, store: async () => db,
    enqueue: async (_type: string, job: JobToRun<DeliveryJob>) => void queued.push(job),
  }) as unknown as JobContext<BaseState>;

  it('waits 10 s, 1 min, 5 min, then 30 min between the five attempts of a failing endpoint, each wait a delayed job of its own', async () => {
    const hook = await createWebhook(db, 'u1', { url: `${receiver.origin}/x`, events: ['follow.new'], format: 'json' });
    const deliveryId = await queue(hook, DEFAULT_DELAYS.length + 1);
    // The clock the job reads moves on by exactly each delay it queues its next attempt with: no real waiting.
    let clock = 1_800_000_000_000;
    const kind = webhookDeliveryKind({
      concurrency: 1, retryDelaysMs: () => DEFAULT_DELAYS, attempt: () => ({ timeoutMs: 5000, now: () => clock }), now: () => clock,
    });
    const queued: JobToRun<DeliveryJob>[] = [];
    await kind.run(contextOf(queued), { deliveryId, webhookId: hook.id });
    for (let i = 0; i < queued.length; i++) {
      clock += queued[i].delayMs ?? 0;
      await kind.run(contextOf(queued), queued[i].payload);
    }
    expect(queued.map((job) => job.delayMs)).toEqual(DEFAULT_DELAYS);
    // Each attempt a new id (a queue ignores an id it has seen), all in the webhook's group.
    expect(new Set(queued.map((job) => job.id)).size).toBe(DEFAULT_DELAYS.length);
    expect(queued.every((job) => job.group === hook.id && job.payload.deliveryId === deliveryId)).toBe(true);
    expect(receiver.received).toHaveLength(5);
    expect(await readDelivery(db, deliveryId)).toMatchObject({ status: 'failed', attempts: 5 });
    expect((await listDeliveries(db, hook.id))[0]).toMatchObject({ status: 'failed', attempts: 5, httpStatus: 503, errorCode: null });
  });

  it('started early (after a restart), waits only what is left of the back-off, counted from the last attempt stored', async () => {
    const hook = await createWebhook(db, 'u1', { url: `${receiver.origin}/x`, events: ['follow.new'], format: 'json' });
    const deliveryId = await queue(hook, 3);
    await db.run("UPDATE webhook_deliveries SET attempts = 1, status = 'retrying', attempted_at = ? WHERE id = ?", [1_000_000, deliveryId]);
    let clock = 1_004_000;
    const kind = webhookDeliveryKind({ concurrency: 1, retryDelaysMs: () => [10_000, 60_000], attempt: () => ({ timeoutMs: 5000 }), now: () => clock });
    const queued: JobToRun<DeliveryJob>[] = [];
    await kind.run(contextOf(queued), { deliveryId, webhookId: hook.id });
    // 4 s of the first 10 s had passed: nothing sent yet, the attempt queued for the 6 s left.
    expect(receiver.received).toHaveLength(0);
    expect(queued.map((job) => job.delayMs)).toEqual([6_000]);
    clock += 6_000;
    await kind.run(contextOf(queued), queued[0].payload);
    // The second wait starts from the attempt just made.
    expect(queued.map((job) => job.delayMs)).toEqual([6_000, 60_000]);
    clock += 60_000;
    await kind.run(contextOf(queued), queued[1].payload);
    expect(queued).toHaveLength(2);
    expect(await readDelivery(db, deliveryId)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('keeps the last 20 deliveries of a webhook', async () => {
    const hook = await createWebhook(db, 'u1', { url: `${receiver.origin}/x`, events: ['follow.new'], format: 'json' });
    for (let i = 0; i < 23; i++) await queue(hook, 1);
    const { n } = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?', [hook.id]))!;
    expect(Number(n)).toBe(20);
  });

  it('refuses a name that resolved to a public address when saved but points at a private one at delivery', async () => {
    const hook = await createWebhook(db, 'u1', { url: 'https://hooks.example.test/x', events: ['follow.new'], format: 'json' });
    const deliveryId = await queue(hook, 1);
    const rebound = createGuardedFetch({ lookup: async () => [{ address: '10.0.0.7', family: 4 }] });
    const outcome = await attemptDelivery((await webhookTarget(db, hook.id))!, (await readDelivery(db, deliveryId))!, { timeoutMs: 2000, fetch: rebound.guardedFetch });
    expect(outcome).toMatchObject({ ok: false, httpStatus: null, errorCode: 'private_address' });
  });
});
