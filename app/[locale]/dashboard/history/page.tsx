import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HistoryData } from '@/components/dashboard/history/history-data';
import { PageHeading } from '@/components/dashboard/page-heading';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'History' });
  return pageMetadata({ locale, path: '/dashboard/history', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

export default async function HistoryPage({ params }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('History');
  return (
    <ClientMessages area="history">
      <div className="space-y-6">
        <PageHeading title={t('title')} description={t('description')} />
        <HistoryData />
      </div>
    </ClientMessages>
  );
}
