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
  if (!origin || origin.length > MAX_ORIGIN_LENGTH || !allowed.includes(withoutTrailingSlashes(origin))) return vary;
  return { ...vary, 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED };
}

/** Longer than any origin a browser sends (a scheme, a host of at most 253 characters, a port): refused unread. */
const MAX_ORIGIN_LENGTH = 512;

/**
 * The text without its trailing slashes, walking back from the end: /\/+$/ retries from every slash of a long run
 * that is followed by anything else, quadratic in its length.
 */
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end -= 1;
  return text.slice(0, end);
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
