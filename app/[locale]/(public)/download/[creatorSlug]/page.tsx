import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = { params: Promise<{ locale: string; creatorSlug: string }> };

export async function generateMetadata({ params }: Props) {
  const { locale, creatorSlug } = await params;
  const t = await getTranslations({ locale, namespace: 'Creator' });
  return pageMetadata({
    locale: locale as Locale,
    path: `/download/${encodeURIComponent(creatorSlug)}`,
    title: t('metaTitle', { name: creatorSlug }),
    description: t('metaDescription', { name: creatorSlug }),
  });
}

export default async function CreatorPage({ params }: Props) {
  const { locale, creatorSlug } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Creator');
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{creatorSlug}</h1>
      <p className="mt-2 text-muted-foreground">{t('videosAvailable', { count: 0 })}</p>
    </section>
  );
}
