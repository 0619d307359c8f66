import { jsonLd, localizedPath } from '@/lib/seo/page-metadata';
import { siteUrl } from '@/lib/seo/site-url';
import type { Locale } from '@/lib/i18n/routing';

/** schema.org WebApplication for the home page: a free multimedia tool in the page's language. */
export function HomeJsonLd({ locale, description }: { locale: Locale; description: string }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: 'Grabline',
    url: `${siteUrl()}${localizedPath(locale, '/')}`,
    description,
    applicationCategory: 'MultimediaApplication',
    operatingSystem: 'Any',
    browserRequirements: 'Requires JavaScript',
    inLanguage: locale,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />;
}
