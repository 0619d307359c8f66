import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import type { DownloadJobOutcome } from '@/lib/downloads/download-kind';
import type { DeliveryJob } from './delivery-kind';
import { insertDelivery } from './delivery-store';
import { batchData, downloadData, envelope, followData, TEST_DATA, type FollowUploads } from './envelope';
import { TEST_EVENT, type WebhookEvent } from './schemas';
import { getWebhook, webhooksFor } from './webhook-store';

/** Hands a recorded delivery to the job runner. */
export type QueueDelivery = (job: DeliveryJob) => Promise<void>;

/** Attempts a delivery makes: the first, then one after each configured wait. */
export const deliveryAttempts = () => config().env.WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** One delivery per enabled webhook of this user that wants the event, each recorded, then queued. */
async function dispatch(db: Db, queue: QueueDelivery, userId: string, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  const time = now();
  for (const hook of await webhooksFor(db, userId, event)) {
    const id = newId('dlv');
    await insertDelivery(db, { id, webhookId: hook.id, event, body: JSON.stringify(envelope(event, id, time, data)), maxAttempts: deliveryAttempts() });
    await queue({ deliveryId: id, webhookId: hook.id });
  }
}

/** The bus's subscribers (lib/server.ts): each event becomes the owner's deliveries, never anyone else's. */
export function webhookSubscribers(queue: QueueDelivery) {
  return {
    onDownloadFinished: (db: Db, outcome: DownloadJobOutcome) => dispatch(db, queue, outcome.owner, 'download.finished', downloadData(outcome)),
    onBatchFinished: (db: Db, batch: { owner: string; batchId: string; ready: number; total: number }) =>
      dispatch(db, queue, batch.owner, 'batch.finished', batchData(batch)),
    onFollowNew: (db: Db, follow: FollowUploads & { userId: string }) => dispatch(db, queue, follow.userId, 'follow.new', followData(follow)),
  };
}

/** "Send test": one attempt of a test delivery to one of the user's webhooks (not_found for anyone else's). */
export async function queueTestDelivery(db: Db, queue: QueueDelivery, userId: string, webhookId: string): Promise<{ deliveryId: string }> {
  await getWebhook(db, userId, webhookId);
  const id = newId('dlv');
  await insertDelivery(db, { id, webhookId, event: TEST_EVENT, body: JSON.stringify(envelope(TEST_EVENT, id, now(), TEST_DATA)), maxAttempts: 1 });
  await queue({ deliveryId: id, webhookId });
  return { deliveryId: id };
}
