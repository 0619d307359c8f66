import type { Metadata, Viewport } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { LazyToaster } from '@/components/toast/lazy-toaster';
import { LocaleMemory } from '@/components/layout/locale-memory';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import { routing } from '@/lib/i18n/routing';
import { siteUrl } from '@/lib/seo/site-url';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: t('title'), template: `%s · Grabline` },
    description: t('description'),
    applicationName: 'Grabline',
    icons: { icon: '/icon.svg', apple: '/apple-touch-icon.png' },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fbfbfe' },
    { media: '(prefers-color-scheme: dark)', color: '#14151f' },
  ],
};

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const info = LOCALE_INFO[locale];
  // The page's CSP nonce (proxy.ts): reading it renders every page per request, which a nonce requires — each
  // page carries Next's inline scripts, and a prerendered page would carry a nonce every visitor shares.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    // next-themes sets the `dark` class before hydration, so the attribute legitimately differs.
    <html lang={locale} dir={info.dir} className={info.font} suppressHydrationWarning>
      <body className="min-h-screen">
        <ClientMessages area="shell">
          <ThemeProvider nonce={nonce}>
            {children}
            <LazyToaster />
            <LocaleMemory locale={locale} />
          </ThemeProvider>
        </ClientMessages>
      </body>
    </html>
  );
}
