import { route, services } from '@/lib/server';
import { patchWebhookSchema, webhookParamsSchema } from '@/lib/webhooks/schemas';
import { deleteWebhook, getWebhook, setWebhookEnabled } from '@/lib/webhooks/webhook-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const spec = { auth: 'user', params: webhookParamsSchema, notFound: 'Webhook not found' } as const;

/** GET /api/webhooks/{id} → one of your webhooks with its last deliveries; 404 for anyone else's. */
export const GET = route(spec, async ({ user, params }) => getWebhook(await services().db(), user.id, params.id));

/** PATCH /api/webhooks/{id} {enabled} → the webhook; a disabled one gets no deliveries (queued retries stop). */
export const PATCH = route({ ...spec, body: patchWebhookSchema }, async ({ user, params, body }) =>
  setWebhookEnabled(await services().db(), user.id, params.id, body.enabled),
);

/** DELETE /api/webhooks/{id}: the webhook and its deliveries are gone. */
export const DELETE = route(spec, async ({ user, params }) => {
  await deleteWebhook(await services().db(), user.id, params.id);
  return null;
});
