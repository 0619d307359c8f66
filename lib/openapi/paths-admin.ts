import { z } from 'zod';
import { auditPageSchema } from '@/lib/admin/audit';
import { engineUpdateSchema } from '@/lib/admin/engine-update';
import { platformsReportSchema } from '@/lib/admin/platforms';
import { queuedJobSchema } from '@/lib/admin/queue';
import { storageSchema } from '@/lib/admin/storage';
import { usageSchema } from '@/lib/admin/usage';
import { adminUserSchema, roleChangeSchema, userPageSchema } from '@/lib/admin/users';
import { failureSchema } from '@/lib/http/failure';
import type { Paths } from './operation';

type Json = Record<string, unknown>;

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output'): Json => {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete converted.$schema;
  return converted;
};
const envelope = (data: z.ZodType | null): Json => ({
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { type: 'boolean', const: true }, data: data ? json(data) : { type: 'null' } },
});

interface AdminOp {
  operationId: string;
  summary: string;
  data: z.ZodType | null;
  body?: z.ZodType;
  status?: 200 | 201 | 202;
  errors?: number[];
  path?: { name: string; description: string };
  query?: Array<{ name: string; description: string; schema: Json }>;
  description?: string;
}

const ERRORS: Record<number, string> = {
  400: 'The request is malformed.',
  403: 'The request did not come from this site (csrf).',
  404: 'Not found — and the answer to anyone who is not a signed-in admin, for every admin route.',
  409: 'Conflict: one’s own account, or an update already running.',
};

function op(spec: AdminOp): Json {
  const responses: Json = { [String(spec.status ?? 200)]: { description: 'Success', content: { 'application/json': { schema: envelope(spec.data) } } } };
  for (const status of [...new Set([404, ...(spec.errors ?? [])])].sort()) {
    responses[String(status)] = { description: ERRORS[status] ?? 'Error', content: { 'application/json': { schema: json(failureSchema) } } };
  }
  const parameters = [
    ...(spec.path ? [{ ...spec.path, in: 'path', required: true, schema: { type: 'string' } }] : []),
    ...(spec.query ?? []).map((q) => ({ ...q, in: 'query', required: false })),
  ];
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: ['Admin'],
    security: [{ cookieAuth: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: json(spec.body, 'input') } } } } : {}),
    responses,
  };
}

const userId = { name: 'id', description: 'The user’s id (usr_…)' };
const page = { name: 'page', description: 'Page number, from 1', schema: { type: 'integer', minimum: 1, default: 1 } };

/** The admin console's API: served only to admins, at /api/admin/openapi.json, never in the public document. */
export function adminPaths(): Paths {
  return {
    '/api/admin/users': {
      get: op({
        operationId: 'adminListUsers', summary: 'Accounts, 20 a page, by address', data: userPageSchema,
        query: [{ name: 'q', description: 'Part of an email address', schema: { type: 'string' } }, page],
      }),
    },
    '/api/admin/users/{id}': {
      patch: op({
        operationId: 'adminChangeRole', summary: 'Give a user a role (disabled: locked out at once)', path: userId,
        body: roleChangeSchema, data: adminUserSchema.pick({ id: true, role: true }), errors: [400, 403, 409],
      }),
      delete: op({
        operationId: 'adminDeleteUser', summary: 'Cancel the user’s jobs and delete the account with all its data', path: userId,
        data: null, errors: [403, 409],
      }),
    },
    '/api/admin/queue': { get: op({ operationId: 'adminQueue', summary: 'Every job queued or running now, across users', data: z.array(queuedJobSchema) }) },
    '/api/admin/queue/{id}': {
      delete: op({ operationId: 'adminCancelJob', summary: 'Cancel a queued or running job', path: { name: 'id', description: 'The job’s id' }, data: null, errors: [403] }),
    },
    '/api/admin/platforms': {
      get: op({ operationId: 'adminPlatforms', summary: 'Engine version and age, last update, breakers and canaries', data: platformsReportSchema }),
    },
    '/api/admin/engine-update': {
      get: op({ operationId: 'adminEngineUpdateState', summary: 'This node’s running or last engine update', data: engineUpdateSchema }),
      post: op({
        operationId: 'adminStartEngineUpdate', summary: 'Update the yt-dlp engine now, in the background', data: engineUpdateSchema, status: 202,
        errors: [403, 409], description: 'Fetch, smoke test, canaries, switch; rolled back on failure. 409 `conflict` while one runs.',
      }),
    },
    '/api/admin/storage': { get: op({ operationId: 'adminStorage', summary: 'Bytes on disk and prepared files per user', data: storageSchema }) },
    '/api/admin/usage': {
      get: op({
        operationId: 'adminUsage', summary: 'Downloads, bytes and failures by time, platform and code', data: usageSchema, errors: [400],
        query: [{ name: 'days', description: '1 or 7', schema: { type: 'integer', enum: [1, 7], default: 1 } }],
      }),
    },
    '/api/admin/audit': { get: op({ operationId: 'adminAudit', summary: 'The audit log, newest first, 25 a page', data: auditPageSchema, query: [page] }) },
  };
}

/** The admin API as its own OpenAPI 3.1 document. */
export function buildAdminOpenApiDocument(serverUrl: string): Json {
  return {
    openapi: '3.1.0',
    info: { title: 'Grabline admin API', version: '1.0.0', description: 'For signed-in admins only: every route answers 404 to anyone else.' },
    servers: [{ url: serverUrl }],
    tags: [{ name: 'Admin' }],
    paths: adminPaths(),
    components: { securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: 'gl_access' } } },
  };
}
