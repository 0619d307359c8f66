import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { siteFooter } from '@/components/layout/site-footer';
import { siteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LazyAdsLoader } from '@/components/ads/lazy';
import { adsSettings } from '@/lib/ads/settings';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

// Layouts render apart from the page: each sets the locale itself, or the header's translations would read it
// from the request and make every public page dynamic.
export default async function PublicLayout({ children, params }: Props) {
  setRequestLocale((await params).locale);
  // Ads live on the public pages only, and only when configured: otherwise no ad code reaches the page at all.
  const ads = adsSettings();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      {siteHeader()}
      <main id="main" className="flex-1">
        <ClientMessages area="public">{children}</ClientMessages>
      </main>
      {siteFooter()}
      {ads ? <LazyAdsLoader settings={ads} /> : null}
    </div>
  );
}
