import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { notFound } from 'next/navigation';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import { LOCALES, routing, type Locale } from '@/lib/i18n/routing';
import { siteUrl } from './site-url';

/** The path as the visitor sees it in a locale: English bare, the others prefixed (localePrefix 'as-needed'). */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path === '/' ? '' : path;
  return locale === routing.defaultLocale ? clean || '/' : `/${locale}${clean}`;
}

/** Per-page, per-locale metadata: canonical, hreflang for every locale (+ x-default), Open Graph, Twitter card. */
export function pageMetadata(opts: {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  noindex?: boolean;
}): Metadata {
  const { locale, path, title, description } = opts;
  // Files the proxy lets through (/favicon.ico, /x.png) reach [locale] pages with a locale that is not one.
  if (!hasLocale(LOCALES, locale)) notFound();
  const languages: Record<string, string> = {};
  for (const code of LOCALES) languages[code] = `${siteUrl()}${localizedPath(code, path)}`;
  languages['x-default'] = `${siteUrl()}${localizedPath(routing.defaultLocale, path)}`;
  const url = `${siteUrl()}${localizedPath(locale, path)}`;
  return {
    title,
    description,
    alternates: { canonical: url, languages },
    openGraph: {
      type: 'website',
      siteName: 'Grabline',
      title,
      description,
      url,
      locale: LOCALE_INFO[locale].ogLocale,
      alternateLocale: LOCALES.filter((code) => code !== locale).map((code) => LOCALE_INFO[code].ogLocale),
      images: [{ url: `${siteUrl()}/og.png`, width: 1200, height: 630, alt: 'Grabline' }],
    },
    twitter: { card: 'summary_large_image', title, description },
    robots: opts.noindex ? { index: false, follow: false } : undefined,
  };
}

/** JSON for a <script type="application/ld+json">, with `<` escaped so a title cannot close the tag. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
