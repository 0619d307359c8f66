import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OverviewData } from '@/components/dashboard/overview-stats';
import { OverviewShortcuts } from '@/components/dashboard/overview-shortcuts';
import { PageHeading } from '@/components/dashboard/page-heading';
import { FollowsSection } from '@/components/follows/follows-section';
import { NewUploads } from '@/components/follows/new-uploads';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Dashboard' });
  return pageMetadata({ locale, path: '/dashboard', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

export default async function DashboardPage({ params }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Dashboard');
  return (
    <ClientMessages area="overview">
      <div className="space-y-8">
        <PageHeading title={t('title')} description={t('description')} />
        <OverviewData />
        <NewUploads />
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">{t('shortcutsTitle')}</h2>
          <OverviewShortcuts />
        </section>
        <FollowsSection />
      </div>
    </ClientMessages>
  );
}
