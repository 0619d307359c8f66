import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { ok } from '@/lib/http/envelope';
import { meter } from '@/lib/rate-limit/counters';
import { webhookTestQuotas } from '@/lib/rate-limit/quotas';
import { route, services } from '@/lib/server';
import { queueTestDelivery } from '@/lib/webhooks/dispatch';
import { webhookParamsSchema } from '@/lib/webhooks/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/webhooks/{id}/test → 202 {deliveryId}: one signed test delivery, attempted once, listed with the others.
 * Each is an outbound request, so a user may ask for 5 a minute and 20 an hour (429 rate_limited past either).
 */
export const POST = route({ auth: 'user', params: webhookParamsSchema, notFound: 'Webhook not found' }, async ({ user, params }) => {
  const at = now();
  const { key, quotas } = webhookTestQuotas(user.id, at);
  const db = await services().db();
  const metering = await meter(db, key, quotas);
  if (!metering.allowed) {
    const retryAfter = Math.max(1, Math.ceil((metering.exceeded.window.resetsAt - at) / 1000));
    throw new AppError('rate_limited', metering.exceeded.message, { retryAfter });
  }
  const { events } = services();
  const queued = await queueTestDelivery(db, (job) => events.emit('webhook.queued', job), user.id, params.id);
  return ok(queued, { status: 202 });
});
