import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { guardDashboard } from './lib/auth/dashboard-guard';
import { config as appConfig } from './lib/config';
import { requestIsHttps } from './lib/http/client-address';
import { API_CONTENT_SECURITY_POLICY, newNonce, pageContentSecurityPolicy, securityHeaders } from './lib/http/security-headers';
import { routing } from './lib/i18n/routing';
import { metricsAllowed } from './lib/metrics/access';

const intl = createMiddleware(routing);

/**
 * Every page and API answer passes here. An API answer (and /metrics for its token) gets its deny-all policy (and
 * HSTS over https). A page gets a fresh nonce: on the request as `x-nonce` (the layout hands it to the theme
 * script) and in the request's Content-Security-Policy, from which Next stamps its own scripts; the same policy
 * goes out on the response. Then the dashboard guard (it needs a session) and next-intl's locale routing.
 */
export default async function proxy(req: NextRequest) {
  const https = requestIsHttps(req.nextUrl, req.headers);
  if (req.nextUrl.pathname.startsWith('/api/')) {
    return withHeaders(NextResponse.next(), securityHeaders(API_CONTENT_SECURITY_POLICY, https));
  }
  // /metrics is served, unlocalized, to the operator's token only; anyone else gets the 404 of any unknown page.
  if (req.nextUrl.pathname === '/metrics' && metricsAllowed(req.headers)) {
    return withHeaders(NextResponse.next(), securityHeaders(API_CONTENT_SECURITY_POLICY, https));
  }
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy({ nonce, https, development: !appConfig().production });
  req.headers.set('x-nonce', nonce);
  req.headers.set('content-security-policy', policy);
  return withHeaders(await guardDashboard(req, intl), securityHeaders(policy, https));
}

function withHeaders(res: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

export const config = {
  // Pages: everything but Next internals and files with an extension (sitemap.xml, robots.txt, fonts…); and the API.
  matcher: ['/((?!api/|_next|_vercel|.*\\..*).*)', '/api/:path*'],
};
