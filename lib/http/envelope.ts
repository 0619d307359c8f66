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

/** Reads and validates a JSON body; malformed JSON and schema failures become 400 invalid_request. */
export async function readJson<S extends ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
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
