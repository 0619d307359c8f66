import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStores } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { allowOrigins } from '@/lib/net/loopback-server.testkit';
import { services } from '@/lib/server';
import { insertDelivery, readDelivery } from '@/lib/webhooks/delivery-store';
import { envelope } from '@/lib/webhooks/envelope';
import { createWebhook } from '@/lib/webhooks/webhook-store';
import { startReceiver, until, verifySignature } from './webhooks.testkit';

/**
 * The embedded server's start (the composition root's first `services()`), over a store an earlier process left
 * with a delivery never attempted: the new process sends it, signed, without any new event.
 */
describe('an embedded server starting resumes the webhook deliveries left unfinished', () => {
  const [sqlite] = appStores();
  let close: () => Promise<void>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    close = await sqlite.open();
    receiver = await startReceiver([200]);
    allowOrigins(receiver.hostPort);
  });
  afterAll(async () => {
    await services().jobs.close();
    await receiver.close();
    delete process.env.MEDIA_FETCH_ALLOW;
    await close();
  });

  it('delivers a pending delivery once the server has started', async () => {
    const db = await getDb();
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['usr_restart', 'r@example.com', 'h', 1]);
    const hook = await createWebhook(db, 'usr_restart', { url: `${receiver.origin}/hook`, events: ['batch.finished'], format: 'json' });
    const id = 'dlv_left_behind';
    const body = JSON.stringify(envelope('batch.finished', id, Date.now(), { batchId: 'batch_x', ready: 1, total: 1 }));
    await insertDelivery(db, { id, webhookId: hook.id, event: 'batch.finished', body, maxAttempts: 3 });
    expect(receiver.received).toHaveLength(0);

    services();
    const delivered = await until(() => readDelivery(db, id), (row) => row?.status === 'delivered', 20_000);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.headers['grabline-delivery']).toBe(id);
    expect(request.body).toBe(body);
    expect(verifySignature(hook.secret, request.headers['grabline-signature'] as string, request.body)).toBe(true);
  }, 30_000);
});
