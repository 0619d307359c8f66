import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AdminConsole } from '@/components/admin/admin-console';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ClientMessages } from '@/components/i18n/client-messages';
import { visitingAdmin } from '@/lib/admin/visitor';
import { config } from '@/lib/config';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { services } from '@/lib/server';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  // Anyone but an admin gets the not-found page's title, never this one.
  if (!(await visitingAdmin(() => services().db()))) return {};
  const t = await getTranslations({ locale, namespace: 'Admin' });
  return pageMetadata({ locale, path: '/dashboard/admin', title: t('metaTitle'), description: t('description'), noindex: true });
}

/** The admin console: for a signed-in admin only; everyone else gets the ordinary 404 page. */
export default async function AdminPage({ params }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const admin = await visitingAdmin(() => services().db());
  if (!admin) notFound();
  const t = await getTranslations('Admin');
  return (
    <ClientMessages area="admin">
      <div className="space-y-6">
        <PageHeading title={t('title')} description={t('description')} />
        <AdminConsole selfId={admin.id} registration={config().env.REGISTRATION} />
      </div>
    </ClientMessages>
  );
}
