import 'server-only';
import { NextResponse } from 'next/server';
import { z, type ZodType } from 'zod';
import { AppError, publicDetails } from '@/lib/errors';
import type { Failure } from './failure';

/** The one JSON envelope: `{success:true, data}` or `{success:false, error, code}`; route() in lib/auth wraps every handler in it. */
export function ok<T>(data: T, init?: ResponseInit): NextResponse {
  return NextResponse.json({ success: true, data }, init);
}

export function fail(error: AppError, headers?: HeadersInit): NextResponse {
  const details = publicDetails(error.details);
  const body: Failure = { success: false, error: error.message, code: error.code, ...(details ? { details } : {}) };
  const res = NextResponse.json(body, { status: error.status, headers });
  // A throttle that knows when it lifts says so in the standard header (details.retryAfter, in seconds).
  const retryAfter = error.details?.retryAfter;
  if (typeof retryAfter === 'number' && !res.headers.has('retry-after')) res.headers.set('Retry-After', String(retryAfter));
  return res;
}

/**
 * Whether a Content-Type names JSON: `application/json` or a `+json` type such as `application/merge-patch+json`,
 * with any parameters (`; charset=utf-8`). A form or text/plain post is not JSON, whatever its body looks like.
 */
export function isJsonContentType(value: string | null): boolean {
  const essence = value?.split(';')[0].trim().toLowerCase();
  return essence === 'application/json' || /^application\/[\w.+-]+\+json$/.test(essence ?? '');
}

/**
 * 415 unsupported_media_type unless a request that carries a body says it is JSON. Only a request with no body
 * and no Content-Type passes without one. A browser lets any page send a form or text/plain post to another site
 * without asking; a JSON one it sends only to where it came from, unless that site allows it.
 */
export function assertJsonBody(req: Request): void {
  const type = req.headers.get('content-type');
  if (isJsonContentType(type) || (type === null && req.body === null)) return;
  throw new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json)');
}

/**
 * Reads and validates a JSON body: a body not sent as JSON is 415 unsupported_media_type; malformed JSON and schema
 * failures become 400 invalid_request.
 */
export async function readJson<S extends ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  assertJsonBody(req);
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new AppError('invalid_request', 'The request body must be JSON');
  }
  return parseWith(schema, body);
}

export function parseWith<S extends ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError('invalid_request', `${where}${issue?.message ?? 'Invalid request'}`);
  }
  return result.data;
}
