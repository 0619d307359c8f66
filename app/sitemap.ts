import type { MetadataRoute } from 'next';
import { POPULAR_CREATORS } from '@/lib/creators/popular';
import { LOCALES, routing } from '@/lib/i18n/routing';
import { PLATFORM_PAGES } from '@/lib/platform-pages';
import { localizedPath } from '@/lib/seo/page-metadata';
import { siteUrl } from '@/lib/seo/site-url';

type Route = { path: string; priority: number; changeFrequency: 'daily' | 'weekly' };

const ROUTES: Route[] = [
  { path: '/', priority: 1, changeFrequency: 'weekly' },
  { path: '/download', priority: 0.8, changeFrequency: 'weekly' },
  { path: '/bulk', priority: 0.7, changeFrequency: 'weekly' },
  ...PLATFORM_PAGES.map((page) => ({ path: page.path, priority: 0.9, changeFrequency: 'weekly' as const })),
  ...POPULAR_CREATORS.map((creator) => ({ path: `/download/${creator.slug}`, priority: 0.5, changeFrequency: 'daily' as const })),
];

/** Every public page in every language, each entry listing its translations (hreflang) like the pages do. */
export default function sitemap(): MetadataRoute.Sitemap {
  const origin = siteUrl();
  return ROUTES.flatMap(({ path, priority, changeFrequency }) => {
    const languages: Record<string, string> = {};
    for (const locale of LOCALES) languages[locale] = `${origin}${localizedPath(locale, path)}`;
    languages['x-default'] = `${origin}${localizedPath(routing.defaultLocale, path)}`;
    return LOCALES.map((locale) => ({
      url: `${origin}${localizedPath(locale, path)}`,
      changeFrequency,
      priority,
      alternates: { languages },
    }));
  });
}
