import type { MetadataRoute } from 'next';
import { getTranslations } from 'next-intl/server';
import { routing } from '@/lib/i18n/routing';

/**
 * The web app manifest (/manifest.webmanifest, linked from every page by Next): what an installed Grabline is
 * called and looks like, and its share target — a link shared from another app's share sheet opens /download with
 * the shared fields, where the page finds the link in them. /download is the default locale's path; the proxy
 * sends a visitor who chose another language on to theirs, the query kept.
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const t = await getTranslations({ locale: routing.defaultLocale, namespace: 'Metadata' });
  return {
    id: '/',
    name: 'Grabline',
    short_name: 'Grabline',
    description: t('description'),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#5b4cf0',
    background_color: '#fbfbfe',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    share_target: {
      action: '/download',
      method: 'GET',
      // Chromium warns when it is left out, even for GET.
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    },
  };
}
