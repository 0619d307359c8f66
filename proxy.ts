import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { guardDashboard } from './lib/auth/dashboard-guard';
import { routing } from './lib/i18n/routing';

const intl = createMiddleware(routing);

/** The dashboard guard first (it needs a session), then next-intl's locale routing for every page. */
export default function proxy(req: NextRequest) {
  return guardDashboard(req, intl);
}

export const config = {
  // Everything but the API, Next internals and files with an extension (sitemap.xml, robots.txt, fonts…).
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
