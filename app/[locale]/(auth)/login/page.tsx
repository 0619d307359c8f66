import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { LoginForm } from '@/components/auth/login-form';
import { AuthNotice, OidcButton, OrDivider } from '@/components/auth/oidc-button';
import { config } from '@/lib/config';
import { visitorAccount } from '@/lib/auth/page-role';
import { Link, redirect } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { services } from '@/lib/server';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Login' });
  return pageMetadata({ locale, path: '/login', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

export default async function LoginPage({ params, searchParams }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const [query, visitor] = await Promise.all([searchParams, visitorAccount(() => services().db())]);
  // A signed-in visitor has nothing to do here: the form would only sign them in again.
  if (visitor) redirect({ href: '/dashboard', locale });
  const [t, tErrors] = await Promise.all([getTranslations('Login'), getTranslations('Errors')]);
  const { oidc, env } = config();
  // Only codes we have words for: the query string is anyone's to write.
  const error = typeof query.error === 'string' && tErrors.has(query.error) ? tErrors(query.error) : null;
  const from = typeof query.from === 'string' ? query.from : undefined;
  const passwords = !env.OIDC_ONLY;
  return (
    <AuthCard
      title={t('title')}
      description={t('description')}
      homeLabel={t('home')}
      backLabel={t('backHome')}
      footer={
        env.REGISTRATION === 'closed' ? null : (
          // The whole sentence is the link, with the action word stressed.
          <Link href="/register" className="group rounded-sm hover:text-foreground">
            {t('noAccount')}{' '}
            <span className="font-medium text-primary group-hover:underline">{t('signUp')}</span>
          </Link>
        )
      }
    >
      {error && <AuthNotice>{error}</AuthNotice>}
      {oidc && <OidcButton label={t('oidcButton', { name: oidc.name })} params={{ locale, from }} />}
      {oidc && passwords && <OrDivider label={t('or')} />}
      {passwords && <LoginForm />}
    </AuthCard>
  );
}
