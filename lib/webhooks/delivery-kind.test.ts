import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import type { JobContext, BaseState } from '@/lib/jobs/runner';
import { createGuardedFetch } from '@/lib/net/guarded-fetch';
import { dbEngines } from '@/test/db-engines';
import { openStoreAndReceiver, type Receiver } from '@/test/api/webhooks.testkit';
import { attemptDelivery } from './attempt';
import { webhookDeliveryKind } from './delivery-kind';
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
  const contextOf = (signal = new AbortController().signal) => ({ id: 'job', signal, store: async () => db }) as unknown as JobContext<BaseState>;

  it('waits 10 s, 1 min, 5 min, then 30 min between the five attempts of a failing endpoint, in that order', async () => {
    const hook = await createWebhook(db, 'u1', { url: `${receiver.origin}/x`, events: ['follow.new'], format: 'json' });
    const deliveryId = await queue(hook, DEFAULT_DELAYS.length + 1);
    // The clock the job reads moves on by exactly each wait it asks for: no real waiting.
    let clock = 1_800_000_000_000;
    const waits: number[] = [];
    const kind = webhookDeliveryKind({
      concurrency: 1, retryDelaysMs: () => DEFAULT_DELAYS, attempt: () => ({ timeoutMs: 5000, now: () => clock }), now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    await kind.run(contextOf(), { deliveryId, webhookId: hook.id });
    expect(waits).toEqual(DEFAULT_DELAYS);
    expect(receiver.received).toHaveLength(5);
    expect(await readDelivery(db, deliveryId)).toMatchObject({ status: 'failed', attempts: 5 });
    expect((await listDeliveries(db, hook.id))[0]).toMatchObject({ status: 'failed', attempts: 5, httpStatus: 503, errorCode: null });
  });

  it('after a restart waits only what is left of the back-off, counted from the last attempt stored', async () => {
    const hook = await createWebhook(db, 'u1', { url: `${receiver.origin}/x`, events: ['follow.new'], format: 'json' });
    const deliveryId = await queue(hook, 3);
    await db.run("UPDATE webhook_deliveries SET attempts = 1, status = 'retrying', attempted_at = ? WHERE id = ?", [1_000_000, deliveryId]);
    const waits: number[] = [];
    const kind = webhookDeliveryKind({
      concurrency: 1, retryDelaysMs: () => [10_000, 60_000], attempt: () => ({ timeoutMs: 5000 }), now: () => 1_004_000,
      sleep: async (ms) => void waits.push(ms),
    });
    await kind.run(contextOf(), { deliveryId, webhookId: hook.id });
    // 4 s of the first 10 s had passed; the second wait starts from the attempt just made.
    expect(waits).toEqual([6_000, 60_000]);
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
