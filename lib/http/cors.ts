import 'server-only';
import { config } from '@/lib/config';

/**
 * Cross-origin reads of the public API. Only routes a Bearer token opens take part, and never with credentials:
 * a page elsewhere may call them with its own token, never with a visitor's cookies. API_CORS_ORIGINS lists the
 * origins allowed (`*` for any); empty (the default) sends no CORS headers at all, so browsers keep the
 * same-origin rule. Cookie routes never answer cross-origin reads.
 */
export function corsHeaders(origin: string | null): Record<string, string> | undefined {
  const allowed = config().env.API_CORS_ORIGINS;
  if (allowed.length === 0) return undefined;
  if (allowed.includes('*')) return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED };
  const vary = { Vary: 'Origin' };
  if (!origin || !allowed.includes(origin.replace(/\/+$/, ''))) return vary;
  return { ...vary, 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED };
}

const EXPOSED = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, Content-Disposition';

/** The answer to a browser's preflight (OPTIONS) for a public API route (DELETE: cancelling a download job). */
export function preflight(req: Request): Response {
  const headers = corsHeaders(req.headers.get('origin'));
  if (!headers?.['Access-Control-Allow-Origin']) return new Response(null, { status: 204, headers: headers ?? {} });
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Max-Age': '600',
    },
  });
}
