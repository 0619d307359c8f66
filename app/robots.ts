import type { MetadataRoute } from 'next';
import { LOCALES, routing } from '@/lib/i18n/routing';
import { siteUrl } from '@/lib/seo/site-url';

/**
 * Public pages are crawlable, and so are the pictures their structured data names (our thumbnail route, the longer
 * and so winning rule); the rest of the API and the signed-in dashboard (bare and locale-prefixed) are not.
 */
export default function robots(): MetadataRoute.Robots {
  const dashboards = LOCALES.filter((locale) => locale !== routing.defaultLocale).map((locale) => `/${locale}/dashboard`);
  return {
    rules: { userAgent: '*', allow: ['/', '/api/thumbnail'], disallow: ['/api/', '/dashboard', ...dashboards] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
