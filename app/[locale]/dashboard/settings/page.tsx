import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PresetManager } from '@/components/presets/preset-manager';
import { SsoLinkCard } from '@/components/dashboard/settings/sso-link-card';
import { hasLinkedIdentity } from '@/lib/auth/oidc/accounts';
import { visitorAccount } from '@/lib/auth/page-role';
import { SettingsData } from '@/components/dashboard/settings/settings-data';
import { settingsTab } from '@/components/dashboard/settings/settings-tab';
import { PageHeading } from '@/components/dashboard/page-heading';
import { PlatformCookies } from '@/components/user-cookies/platform-cookies';
import { DownloadWindowCard } from '@/components/dashboard/settings/download-window-card';
import { SponsorBlockCard } from '@/components/dashboard/settings/sponsorblock-card';
import { ApiSections, LibrarySection } from '@/components/dashboard/settings/lazy-sections';
import { config } from '@/lib/config';
import { services } from '@/lib/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ClientMessages } from '@/components/i18n/client-messages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Settings' });
  return pageMetadata({ locale, path: '/dashboard/settings', title: t('metaTitle'), description: t('metaDescription'), noindex: true });
}

export default async function SettingsPage({ params, searchParams }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const [t, visitor, query] = await Promise.all([getTranslations('Settings'), visitorAccount(() => services().db()), searchParams]);
  const { oidc } = config();
  const ssoLinked = oidc && visitor ? await hasLinkedIdentity(await services().db(), visitor.id) : false;
  return (
    <ClientMessages area="settings">
      <div className="space-y-6">
        <PageHeading title={t('title')} description={t('description')} />
        {/* Each section under one tab: downloads (presets, cookies), the API (tokens, webhooks), account security. */}
        <SettingsData
          // Back from linking a sign-in identity, the page opens where that card is.
          initialTab={query.tab === undefined && (query.sso || query.sso_error) ? 'privacy' : settingsTab(query.tab)}
          sections={{
            preferences: (
              <>
                <PresetManager />
                <DownloadWindowCard />
                <SponsorBlockCard />
                {config().env.USER_COOKIES && <PlatformCookies />}
              </>
            ),
            library: <LibrarySection />,
            api: <ApiSections />,
            // Invites live in the admin console only (Users), beside the accounts they make.
            privacy:
              oidc && visitor ? (
                <SsoLinkCard
                  name={oidc.name}
                  linked={ssoLinked}
                  outcome={{ linked: query.sso === 'linked', error: typeof query.sso_error === 'string' ? query.sso_error : undefined }}
                />
              ) : null,
          }}
        />
      </div>
    </ClientMessages>
  );
}
