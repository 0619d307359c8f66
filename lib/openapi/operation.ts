import { RATE_LIMIT_HEADERS, type SchemaName } from './components';

/** How an operation is called and what it answers; `operation()` turns it into OpenAPI. */
export interface OperationSpec {
  operationId: string;
  summary: string;
  tags: string[];
  /** 'api': the public media API (Bearer token, rate limited); 'session': a signed-in user; 'none': open. */
  auth: 'api' | 'session' | 'optional-session' | 'none';
  body?: SchemaName;
  /** The `data` of a success answer; null for `data: null`. */
  data?: SchemaName | null;
  /** A non-JSON success answer (a file). */
  file?: { mediaType: string; description: string };
  status?: 200 | 201 | 202;
  errors?: number[];
  pathParams?: Array<{ name: string; description: string }>;
  query?: Array<{ name: string; description: string; schema: Record<string, unknown> }>;
  requestExample?: unknown;
  responseExample?: unknown;
  description?: string;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is malformed (bad JSON or fields).',
  401: 'Not signed in, or the token is not valid.',
  403: 'An API token was used where only a signed-in session will do.',
  404: 'Not found (or not yours).',
  409: 'Conflict (e.g. the email is taken).',
  413: 'The media is larger than the limit.',
  415: 'The body was not sent as JSON (`Content-Type: application/json`).',
  422: 'The link cannot be used (invalid, unsupported, private, no media…).',
  429: 'Too many requests: the daily or monthly limit is reached. Retry after `Retry-After` seconds.',
  502: 'The media site failed to answer.',
};

const errorRef = { $ref: '#/components/schemas/Error' };
const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

function envelope(data: SchemaName | null | undefined) {
  return {
    type: 'object',
    required: ['success', 'data'],
    properties: { success: { type: 'boolean', const: true }, data: data ? ref(data) : { type: 'null' } },
  };
}

const SECURITY: Record<OperationSpec['auth'], Array<Record<string, string[]>> | undefined> = {
  api: [{ bearerAuth: [] }],
  session: [{ cookieAuth: [] }, { bearerAuth: [] }],
  'optional-session': [{ cookieAuth: [] }, { bearerAuth: [] }, {}],
  none: [],
};

export function operation(spec: OperationSpec): Record<string, unknown> {
  const limited = spec.auth === 'api';
  const headers = limited ? RATE_LIMIT_HEADERS : undefined;
  const errors = [...new Set([
    ...(spec.errors ?? []), ...(spec.auth === 'session' ? [401] : []), ...(spec.body ? [415] : []), ...(limited ? [429] : []),
  ])].sort((a, b) => a - b);
  const success = spec.file
    ? { description: spec.file.description, headers, content: { [spec.file.mediaType]: { schema: { type: 'string', format: 'binary' } } } }
    : {
        description: 'Success',
        headers,
        content: {
          'application/json': {
            schema: envelope(spec.data),
            ...(spec.responseExample !== undefined ? { example: { success: true, data: spec.responseExample } } : {}),
          },
        },
      };
  const responses: Record<string, unknown> = { [String(spec.status ?? 200)]: success };
  for (const status of errors) {
    const retry = status === 429 ? { ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : headers;
    responses[String(status)] = {
      description: ERROR_TEXT[status] ?? 'Error',
      headers: retry,
      content: { 'application/json': { schema: errorRef } },
    };
  }
  const parameters = [
    ...(spec.pathParams ?? []).map((p) => ({ name: p.name, in: 'path', required: true, description: p.description, schema: { type: 'string' } })),
    ...(spec.query ?? []).map((q) => ({ name: q.name, in: 'query', required: false, description: q.description, schema: q.schema })),
  ];
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    security: SECURITY[spec.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref(spec.body),
                ...(spec.requestExample !== undefined ? { example: spec.requestExample } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** path → method → operation */
export type Paths = Record<string, Record<string, Record<string, unknown>>>;
