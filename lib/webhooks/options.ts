// The webhooks' events and formats, zod-free so the settings page's browser code can read them without the
// validator (lib/webhooks/schemas.ts builds its shapes on them).
/** What a webhook may subscribe to. */
export const WEBHOOK_EVENTS = ['download.finished', 'batch.finished', 'follow.new'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** A delivery sent from the settings page's "send test", whatever the webhook subscribes to. */
export const TEST_EVENT = 'webhook.test';
export type DeliveryEvent = WebhookEvent | typeof TEST_EVENT;

/** `json`: our signed envelope; `ntfy`: a text message for an ntfy topic; `discord`: a Discord webhook message. */
export const WEBHOOK_FORMATS = ['json', 'ntfy', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
