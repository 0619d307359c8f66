import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PlatformLanding } from '@/components/landing/platform-landing';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'LandingYoutube' });
  return pageMetadata({ locale, path: '/youtube-downloader', title: t('metaTitle'), description: t('metaDescription') });
}

export default async function YoutubeLandingPage({ params }: Props) {
  setRequestLocale((await params).locale as Locale);
  return <PlatformLanding platform="youtube" />;
}
