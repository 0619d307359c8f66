import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { guardDashboard } from './lib/auth/dashboard-guard';
import { adSources } from './lib/ads/settings';
import { config as appConfig } from './lib/config';
import { getDb } from './lib/db';
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
  // The API and the ad telemetry endpoint answer data, never a page, and are not localized.
  if (req.nextUrl.pathname.startsWith('/api/') || req.nextUrl.pathname === TELEMETRY_PATH) {
    return withHeaders(NextResponse.next(), securityHeaders(API_CONTENT_SECURITY_POLICY, https));
  }
  // /metrics is served, unlocalized, to the operator's token only; anyone else gets the 404 of any unknown page.
  if (req.nextUrl.pathname === '/metrics' && metricsAllowed(req.headers)) {
    return withHeaders(NextResponse.next(), securityHeaders(API_CONTENT_SECURITY_POLICY, https));
  }
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy({ nonce, https, development: !appConfig().production, ads: adSources() });
  req.headers.set('x-nonce', nonce);
  req.headers.set('content-security-policy', policy);
  return withHeaders(await guardDashboard(getDb, req, intl), securityHeaders(policy, https));
}

const TELEMETRY_PATH = '/_telemetry';

function withHeaders(res: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

export const config = {
  // Pages: everything but Next internals and files with an extension (sitemap.xml, robots.txt, fonts…); and the API.
  // /_telemetry is matched by the first pattern and answered above, before the locale routing.
  matcher: ['/((?!api/|_next|_vercel|.*\\..*).*)', '/api/:path*'],
};
