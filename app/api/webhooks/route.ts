import { route, services } from '@/lib/server';
import { ok } from '@/lib/http/envelope';
import { checkWebhookUrl } from '@/lib/webhooks/check-url';
import { createWebhookSchema } from '@/lib/webhooks/schemas';
import { createWebhook, listWebhooks } from '@/lib/webhooks/webhook-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/webhooks → the account's webhooks with their last deliveries (never a secret). */
export const GET = route({ auth: 'user' }, async ({ user }) => listWebhooks(await services().db(), user.id));

/** POST /api/webhooks {url, events, format} → 201 with the signing secret, shown this once. */
export const POST = route({ auth: 'user', body: createWebhookSchema }, async ({ user, body }) => {
  await checkWebhookUrl(body.url);
  return ok(await createWebhook(await services().db(), user.id, body), { status: 201 });
});
