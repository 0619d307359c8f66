import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BulkDownload } from '@/components/bulk/bulk-download';
import { getCreator } from '@/lib/creators/service';
import { services } from '@/lib/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ creator?: string | string[] }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Bulk' });
  return pageMetadata({ locale, path: '/bulk', title: t('metaTitle'), description: t('metaDescription') });
}

/** `?creator=<slug>` (the creator page's Download All Videos) starts with that creator's videos listed. */
async function creatorUrls(slug: string | string[] | undefined): Promise<string> {
  if (typeof slug !== 'string' || !slug) return '';
  const creator = await getCreator(slug, services());
  return [...new Set(creator?.latestVideos.map((video) => video.url) ?? [])].join('\n');
}

export default async function BulkPage({ params, searchParams }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Bulk');
  const initialText = await creatorUrls((await searchParams).creator);
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 mb-8 text-muted-foreground">{t('description')}</p>
      <BulkDownload key={initialText} initialText={initialText} />
    </section>
  );
}
