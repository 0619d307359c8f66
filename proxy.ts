import createMiddleware from 'next-intl/middleware';
import { routing } from './lib/i18n/routing';

const intl = createMiddleware(routing);

export default intl;

export const config = {
  // Everything but the API, Next internals and files with an extension (sitemap.xml, robots.txt, fonts…).
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
