import type { MetadataRoute } from 'next';
import { LOCALES, routing } from '@/lib/i18n/routing';
import { siteUrl } from '@/lib/seo/site-url';

/** Public pages are crawlable; the API and the signed-in dashboard (bare and locale-prefixed) are not. */
export default function robots(): MetadataRoute.Robots {
  const dashboards = LOCALES.filter((locale) => locale !== routing.defaultLocale).map((locale) => `/${locale}/dashboard`);
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/dashboard', ...dashboards] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
