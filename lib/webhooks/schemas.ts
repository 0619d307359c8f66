import { z } from 'zod';
import { TEST_EVENT, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from './options';

/** The webhooks API's shapes. No server-only imports here: the settings section types its calls with them. */

export { TEST_EVENT, WEBHOOK_EVENTS, WEBHOOK_FORMATS, type DeliveryEvent, type WebhookEvent, type WebhookFormat } from './options';

/** At most this many webhooks per account. */
export const WEBHOOK_LIMIT = 10;
/** The deliveries each webhook keeps, newest first. */
export const DELIVERIES_KEPT = 20;

const webhookUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);

export const createWebhookSchema = z.object({
  url: webhookUrl,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).transform((events) => [...new Set(events)]),
  format: z.enum(WEBHOOK_FORMATS).default('json'),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

export const patchWebhookSchema = z.object({ enabled: z.boolean() });

export const webhookParamsSchema = z.object({ id: z.string().regex(/^whk_[\w-]{22}$/) });

export const deliverySchema = z.object({
  id: z.string(),
  event: z.enum([...WEBHOOK_EVENTS, TEST_EVENT]),
  /** pending: not tried yet; retrying: failed, another attempt is scheduled; delivered: a 2xx; failed: given up. */
  status: z.enum(['pending', 'retrying', 'delivered', 'failed']),
  attempts: z.number().int().nonnegative(),
  /** The last attempt's HTTP status, when the endpoint answered. */
  httpStatus: z.number().int().nullable(),
  /** Why the last attempt did not reach the endpoint (private_address, upstream_timeout, upstream_failed…). */
  errorCode: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string().meta({ format: 'date-time' }),
  attemptedAt: z.string().meta({ format: 'date-time' }).nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  format: z.enum(WEBHOOK_FORMATS),
  enabled: z.boolean(),
  createdAt: z.string().meta({ format: 'date-time' }),
  /** The last deliveries, newest first (at most 20). */
  deliveries: z.array(deliverySchema),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.array(webhookSchema);

/** POST /api/webhooks → 201: the webhook and its signing secret, shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** POST /api/webhooks/{id}/test → 202: the queued test delivery. */
export const queuedDeliverySchema = z.object({ deliveryId: z.string() });

/** The shapes as the OpenAPI document's components: answers as written… */
export const WEBHOOK_RESPONSES = {
  Webhook: webhookSchema,
  WebhookList: webhookListSchema,
  CreatedWebhook: createdWebhookSchema,
  WebhookDelivery: deliverySchema,
  QueuedDelivery: queuedDeliverySchema,
};

/** …and bodies as sent. */
export const WEBHOOK_REQUESTS = {
  CreateWebhookRequest: createWebhookSchema,
  PatchWebhookRequest: patchWebhookSchema,
};
