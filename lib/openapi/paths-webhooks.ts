import { operation, type Paths } from './operation';

const idParam = [{ name: 'id', description: 'The webhook’s id (whk_…)' }];

const DELIVERIES = 'Each delivery is a POST with `Grabline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, '
  + '`Grabline-Event` and `Grabline-Delivery` (the same id on every retry). `json`: `{event, id, time, data}`; `ntfy`: a text message '
  + 'with `Title`, `Tags` and `Click` headers; `discord`: `{content, embeds}`. A 2xx is delivered; anything else is retried after '
  + '10 s, 1 min, 5 min and 30 min (5 attempts). A private or loopback address is refused when saved (422 `private_address`) '
  + 'and again at every attempt; redirects are not followed.';

export function webhookPaths(): Paths {
  return {
    '/api/webhooks': {
      get: operation({
        operationId: 'listWebhooks', summary: 'Your webhooks, each with its last 20 deliveries (never the secret)', tags: ['Webhooks'],
        auth: 'session', data: 'WebhookList', errors: [403],
      }),
      post: operation({
        operationId: 'createWebhook', summary: 'A new webhook; its signing secret is in this answer only', tags: ['Webhooks'], auth: 'session',
        body: 'CreateWebhookRequest', data: 'CreatedWebhook', status: 201, errors: [400, 403, 409, 422],
        description: `Events: \`download.finished\`, \`batch.finished\`, \`follow.new\`. At most 10 webhooks per account (409 \`webhook_limit\`). ${DELIVERIES}`,
        requestExample: { url: 'https://example.com/hooks/grabline', events: ['download.finished', 'batch.finished'], format: 'json' },
      }),
    },
    '/api/webhooks/{id}': {
      get: operation({ operationId: 'getWebhook', summary: 'One of your webhooks with its last deliveries', tags: ['Webhooks'], auth: 'session', data: 'Webhook', errors: [403, 404], pathParams: idParam }),
      patch: operation({
        operationId: 'updateWebhook', summary: 'Turn a webhook on or off (a turned-off one gets nothing; its queued retries stop)', tags: ['Webhooks'],
        auth: 'session', body: 'PatchWebhookRequest', data: 'Webhook', errors: [400, 403, 404], pathParams: idParam,
      }),
      delete: operation({ operationId: 'deleteWebhook', summary: 'Delete a webhook and its deliveries', tags: ['Webhooks'], auth: 'session', data: null, errors: [403, 404], pathParams: idParam }),
    },
    '/api/webhooks/{id}/test': {
      post: operation({
        operationId: 'testWebhook', summary: 'Send a signed test delivery (event `webhook.test`, one attempt)', tags: ['Webhooks'], auth: 'session',
        description: 'At most 5 test deliveries a minute and 20 an hour per account: past either, 429 `rate_limited` with `Retry-After`.',
        data: 'QueuedDelivery', status: 202, errors: [403, 404, 429], pathParams: idParam,
      }),
    },
  };
}
