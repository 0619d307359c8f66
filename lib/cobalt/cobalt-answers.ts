import 'server-only';
import { NextRequest } from 'next/server';
import { toCobaltError } from './error-codes';

type Handler = (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response>;

/** cobalt's own scheme, `Authorization: Api-Key <key>`, read as the Bearer credential our API takes. */
function withBearer(req: NextRequest): NextRequest {
  const key = req.headers.get('authorization')?.match(/^Api-Key\s+(\S+)\s*$/i)?.[1];
  if (!key) return req;
  const headers = new Headers(req.headers);
  headers.set('authorization', `Bearer ${key}`);
  return new NextRequest(req, { headers });
}

/** A failure the route wrapper answered itself (a wrong key, a spent quota, sign-in required) in cobalt's shape. */
async function inCobaltShape(res: Response): Promise<Response> {
  if (res.ok || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res.clone().json().catch(() => undefined)) as { success?: boolean; code?: string; details?: Record<string, unknown> } | undefined;
  if (body?.success !== false || typeof body.code !== 'string') return res;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return Response.json(toCobaltError({ code: body.code as never, details: body.details }), { status: res.status, headers });
}

/**
 * A route of the cobalt-compatible API: the handler is an ordinary `route()` (same tokens, limits, logging), with
 * cobalt's key header understood on the way in and every answer, failures included, in cobalt's shape on the way out.
 */
export function cobaltAnswers(handler: Handler): Handler {
  return async (req, ctx) => inCobaltShape(await handler(withBearer(req), ctx));
}
