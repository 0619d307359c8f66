import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { RegisterForm } from '@/components/auth/register-form';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Register' });
  return pageMetadata({ locale, path: '/register', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

export default async function RegisterPage({ params }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Register');
  return (
    <AuthCard
      title={t('title')}
      description={t('description')}
      homeLabel={t('home')}
      backLabel={t('backHome')}
      footer={
        // The whole sentence is the link, with the action word stressed.
        <Link href="/login" className="group rounded-sm hover:text-foreground">
          {t('haveAccount')}{' '}
          <span className="font-medium text-primary group-hover:underline">{t('signIn')}</span>
        </Link>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
