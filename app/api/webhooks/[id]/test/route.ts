import { route } from '@/lib/auth/route';
import { ok } from '@/lib/http/envelope';
import { services } from '@/lib/server';
import { queueTestDelivery } from '@/lib/webhooks/dispatch';
import { webhookParamsSchema } from '@/lib/webhooks/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/webhooks/{id}/test → 202 {deliveryId}: one signed test delivery, attempted once, listed with the others. */
export const POST = route({ auth: 'user', params: webhookParamsSchema, notFound: 'Webhook not found' }, async ({ user, params }) => {
  const { events } = services();
  const queued = await queueTestDelivery((job) => events.emit('webhook.queued', job), user.id, params.id);
  return ok(queued, { status: 202 });
});
