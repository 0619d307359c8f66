import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AnalyzeWorkspace } from '@/components/analyze/analyze-workspace';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Download' });
  return pageMetadata({ locale, path: '/download', title: t('metaTitle'), description: t('metaDescription') });
}

export default async function DownloadPage({ params, searchParams }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Download');
  const { url } = await searchParams;
  const initialUrl = typeof url === 'string' ? url : undefined;
  return (
    <section className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </header>
      {/* A new link in the address is a new page visit: remount so it starts by itself again. */}
      <AnalyzeWorkspace key={initialUrl ?? ''} initialUrl={initialUrl} notices="page" />
    </section>
  );
}
