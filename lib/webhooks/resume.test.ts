import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import { dbEngines } from '@/test/db-engines';
import { openStoreAndReceiver, type Receiver, until, verifySignature } from '@/test/api/webhooks.testkit';
import { webhookDeliveryKind } from './delivery-kind';
import { insertDelivery, readDelivery } from './delivery-store';
import { envelope } from './envelope';
import { resumeDeliveries } from './resume';
import { createWebhook } from './webhook-store';

describe.each(dbEngines())('webhook deliveries after an embedded server restarts, on $name', ({ create }) => {
  let db: Db;
  let receiver: Receiver;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ db, receiver, close } = await openStoreAndReceiver(create, [200]));
  });
  afterEach(() => close());

  it('queues what a previous process left pending or retrying, waits what is left of the back-off, and sends nothing twice', async () => {
    const hook = await createWebhook(db, 'u1', { url: `${receiver.origin}/hook`, events: ['follow.new'], format: 'json' });
    const make = async (id: string) => {
      await insertDelivery(db, { id, webhookId: hook.id, event: 'follow.new', body: JSON.stringify(envelope('follow.new', id, 0, {})), maxAttempts: 3 });
      return id;
    };
    // The previous process: one delivery never attempted, one waiting for its retry (attempted 2 s ago, the
    // back-off 3 s: 1 s left), one already delivered and one given up — then the process stopped.
    const pending = await make('dlv_pending');
    const retrying = await make('dlv_retrying');
    const attemptedAt = Date.now() - 2_000;
    await db.run("UPDATE webhook_deliveries SET status = 'retrying', attempts = 1, attempted_at = ?, http_status = 503 WHERE id = ?", [attemptedAt, retrying]);
    await db.run("UPDATE webhook_deliveries SET status = 'delivered', attempts = 1, attempted_at = ? WHERE id = ?", [attemptedAt, await make('dlv_done')]);
    await db.run("UPDATE webhook_deliveries SET status = 'failed', attempts = 3, attempted_at = ? WHERE id = ?", [attemptedAt, await make('dlv_failed')]);

    // A new process: a fresh runner with the delivery kind, and the resume at start.
    const runner = createEmbeddedRunner({ db: async () => db });
    runner.register(webhookDeliveryKind({ concurrency: 2, retryDelaysMs: () => [3_000], attempt: () => ({ timeoutMs: 5_000 }) }));
    const queued = await resumeDeliveries(async () => db, (job) => runner.enqueue('webhook-delivery', { id: job.deliveryId, payload: job, group: job.webhookId }));
    expect(queued).toBe(2);

    const states = () => Promise.all([pending, retrying].map(async (id) => (await readDelivery(db, id))?.status));
    expect(await until(states, (s) => s.every((status) => status === 'delivered'))).toEqual(['delivered', 'delivered']);
    expect(receiver.received.map((r) => r.headers['grabline-delivery']).sort()).toEqual([pending, retrying]);
    for (const request of receiver.received) {
      expect(verifySignature(hook.secret, request.headers['grabline-signature'] as string, request.body)).toBe(true);
    }
    // The retry went out once the rest of its back-off had passed, not at once and not a whole back-off later.
    const retried = receiver.received.find((r) => r.headers['grabline-delivery'] === retrying)!;
    // (A whole back-off counted from the restart would land 5 s or more after the last attempt.)
    expect(retried.at - attemptedAt).toBeGreaterThanOrEqual(3_000);
    expect(retried.at - attemptedAt).toBeLessThan(4_900);
    expect((await readDelivery(db, retrying))!.attempts).toBe(2);
    await runner.close();
  });
});
