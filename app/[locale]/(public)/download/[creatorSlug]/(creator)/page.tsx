import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CreatorHeader } from '@/components/creator/creator-header';
import { CreatorJsonLd } from '@/components/creator/creator-json-ld';
import { CreatorVideos } from '@/components/creator/creator-videos';
import { creatorPreview, getCreator } from '@/lib/creators/service';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = { params: Promise<{ locale: string; creatorSlug: string }> };

// Metadata reads no network (it would hold back the loading skeleton); it names the creator from the cache or
// the popular list, and the page reads the channel.
export async function generateMetadata({ params }: Props) {
  const { locale, creatorSlug } = await params;
  const t = await getTranslations({ locale, namespace: 'Creator' });
  const slug = decodeURIComponent(creatorSlug);
  const preview = creatorPreview(slug);
  if (!preview) return { title: t('notFoundTitle'), robots: { index: false, follow: false } };
  return pageMetadata({
    locale: locale as Locale,
    path: `/download/${encodeURIComponent(slug)}`,
    title: t('metaTitle', { name: preview.name }),
    description: t('metaDescription', { name: preview.name, count: preview.videoCount }),
  });
}

export default async function CreatorPage({ params }: Props) {
  const { locale, creatorSlug } = await params;
  setRequestLocale(locale);
  const creator = await getCreator(decodeURIComponent(creatorSlug));
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
