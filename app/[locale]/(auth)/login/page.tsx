import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { LoginForm } from '@/components/auth/login-form';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Login' });
  return pageMetadata({ locale, path: '/login', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

export default async function LoginPage({ params }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Login');
  return (
    <AuthCard
      title={t('title')}
      description={t('description')}
      homeLabel={t('home')}
      backLabel={t('backHome')}
      footer={
        // The whole sentence is the link, with the action word stressed.
        <Link href="/register" className="group rounded-sm hover:text-foreground">
          {t('noAccount')}{' '}
          <span className="font-medium text-primary group-hover:underline">{t('signUp')}</span>
        </Link>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
