import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PlacedAd } from '@/components/ads/ad-placement';
import { HomeTools } from '@/components/public/home/home-tools';
import { HomeBookmarklet } from '@/components/public/home/home-bookmarklet';
import { HomeFeatures } from '@/components/public/home/home-features';
import { HomeHero } from '@/components/public/home/home-hero';
import { HomeJsonLd } from '@/components/public/home/home-json-ld';
import { FaqList } from '@/components/public/sections/faq-list';
import { HowToSteps } from '@/components/public/sections/how-to-steps';
import { PlatformCards } from '@/components/public/sections/platform-cards';
import { PopularCreators } from '@/components/public/sections/popular-creators';
import { StatsBlock } from '@/components/public/sections/stats-block';
import { POPULAR_CREATORS } from '@/lib/creators/popular';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/page-metadata';

// The stats block reads the store: the page is regenerated at most once a minute and otherwise served static.
export const revalidate = 60;

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'Home' });
  return pageMetadata({ locale, path: '/', title: t('metaTitle'), description: t('metaDescription') });
}

export default async function HomePage({ params }: Props) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Home');
  const steps = ([1, 2, 3, 4] as const).map((n) => ({ title: t(`howTo.s${n}Title`), body: t(`howTo.s${n}Body`) }));
  const faq = ([1, 2, 3] as const).map((n) => ({ question: t(`faq.q${n}`), answer: t(`faq.a${n}`) }));
  return (
    <>
      <HomeHero />
      <PlacedAd placement="topBanner" className="mx-auto flex max-w-5xl justify-center px-4 pt-6" />
      {/* Mount point for the Single/Bulk tabbed downloader, owned by the engine UI. */}
      <HomeTools />
      <StatsBlock />
      <PlatformCards />
      <PopularCreators creators={POPULAR_CREATORS} title={t('creatorsTitle')} subtitle={t('creatorsSubtitle')} />
      <HowToSteps id="how-to-title" title={t('howTo.title')} subtitle={t('howTo.subtitle')} steps={steps} />
      <HomeFeatures />
      <HomeBookmarklet />
      <FaqList id="faq-title" title={t('faq.title')} items={faq} />
      <HomeJsonLd locale={locale} description={t('metaDescription')} />
    </>
  );
}
