import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CreatorHeader } from '@/components/public/creator/creator-header';
import { CreatorJsonLd } from '@/components/public/creator/creator-json-ld';
import { CreatorVideos } from '@/components/public/creator/creator-videos';
import { getCreator } from '@/lib/creators/service';
import { services } from '@/lib/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = { params: Promise<{ locale: string; creatorSlug: string }> };

// Metadata shares the page's reading of the channel (one analysis for both; browsers get it streamed, so the
// loading skeleton is not held back). A page with no videos to show is kept out of search indexes.
export async function generateMetadata({ params }: Props) {
  const { locale, creatorSlug } = await params;
  const t = await getTranslations({ locale, namespace: 'Creator' });
  const slug = decodeURIComponent(creatorSlug);
  const creator = await getCreator(slug, services());
  if (!creator) return { title: t('notFoundTitle'), robots: { index: false, follow: false } };
  const metadata = pageMetadata({
    locale: locale as Locale,
    path: `/download/${encodeURIComponent(slug)}`,
    title: t('metaTitle', { name: creator.name }),
    description: t('metaDescription', { name: creator.name, count: creator.latestVideos.length }),
  });
  return creator.latestVideos.length > 0 ? metadata : { ...metadata, robots: { index: false, follow: true } };
}

export default async function CreatorPage({ params }: Props) {
  const { locale, creatorSlug } = await params;
  setRequestLocale(locale);
  const creator = await getCreator(decodeURIComponent(creatorSlug), services());
  if (!creator) notFound();
  const t = await getTranslations('Creator');
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <CreatorJsonLd creator={creator} locale={locale as Locale} labels={{ home: t('breadcrumbHome'), downloads: t('breadcrumbDownloads') }} />
      <CreatorHeader creator={creator} />
      <CreatorVideos creator={creator} />
    </section>
  );
}
