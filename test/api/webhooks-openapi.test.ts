import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/openapi/document';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document read field by field

describe('the webhooks in the OpenAPI document', () => {
  const doc = buildOpenApiDocument('https://grabline.example') as Json;

  it('documents every webhooks route with a session, its body and its answer', () => {
    const ops = Object.entries(doc.paths as Json).filter(([p]) => p.startsWith('/api/webhooks'))
      .flatMap(([p, methods]) => Object.entries(methods as Json).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as const));
    expect(ops.map(([name]) => name).sort()).toEqual([
      'DELETE /api/webhooks/{id}', 'GET /api/webhooks', 'GET /api/webhooks/{id}', 'PATCH /api/webhooks/{id}', 'POST /api/webhooks', 'POST /api/webhooks/{id}/test',
    ]);
    for (const [, op] of ops) expect(op.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    const create = doc.paths['/api/webhooks'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateWebhookRequest' });
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '409', '422']));
    expect(create.description).toContain('Grabline-Signature');
    expect(Object.keys(doc.paths['/api/webhooks/{id}/test'].post.responses)).toContain('202');
  });

  it('shows the secret in the creation answer only', () => {
    const schemas = doc.components.schemas as Json;
    expect(schemas.CreatedWebhook.properties.secret).toBeDefined();
    expect(schemas.Webhook.properties.secret).toBeUndefined();
    expect(schemas.Webhook.properties.deliveries.items).toEqual({ $ref: '#/components/schemas/WebhookDelivery' });
    expect(schemas.CreateWebhookRequest.properties.events.items.enum).toEqual(['download.finished', 'batch.finished', 'follow.new']);
    expect(schemas.CreateWebhookRequest.properties.format.enum).toEqual(['json', 'ntfy', 'discord']);
  });
});
