import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthNotice, OidcButton, OrDivider } from '@/components/auth/oidc-button';
import { RegisterForm } from '@/components/auth/register-form';
import { config } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Register' });
  return pageMetadata({ locale, path: '/register', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

const text = (value: string | string[] | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Registration as the server allows it: closed (a notice, no form — unless the visitor holds the setup token),
 * invite-only (the form asks for the invite, prefilled from `?invite=`), open; `?setup=` carries the setup token.
 * With OIDC_ONLY the provider's button replaces the form, and the invite or setup token travels through it.
 */
export default async function RegisterPage({ params, searchParams }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const query = await searchParams;
  const t = await getTranslations('Register');
  const { oidc, env } = config();
  const setupToken = text(query.setup);
  const invite = text(query.invite);
  const closed = env.REGISTRATION === 'closed' && !setupToken;
  const passwords = !env.OIDC_ONLY;
  return (
    <AuthCard
      title={closed ? t('closedTitle') : t('title')}
      description={closed ? t('closedDescription') : t('description')}
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
      {closed ? null : (
        <>
          {setupToken && <AuthNotice tone="info">{t('setupHint')}</AuthNotice>}
          {oidc && <OidcButton label={t('oidcButton', { name: oidc.name })} params={{ locale, invite, setup: setupToken }} />}
          {oidc && passwords && <OrDivider label={t('or')} />}
          {passwords && <RegisterForm setupToken={setupToken} invite={env.REGISTRATION === 'invite' ? { value: invite } : undefined} />}
        </>
      )}
    </AuthCard>
  );
}
