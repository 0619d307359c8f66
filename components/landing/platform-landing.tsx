import { getTranslations } from 'next-intl/server';
import { FaqList, faqJsonLd } from '@/components/marketing/faq-list';
import { FeatureGrid } from '@/components/marketing/feature-grid';
import { HowToSteps } from '@/components/marketing/how-to-steps';
import { PlatformCards } from '@/components/marketing/platform-cards';
import { platformPage } from '@/components/marketing/platform-mark';
import { PopularCreators } from '@/components/marketing/popular-creators';
import { creatorsForPlatform } from '@/lib/creators/popular';
import type { LandingPlatform } from '@/lib/platform-pages';
import { jsonLd } from '@/lib/seo/page-metadata';
import { FAQ_NUMBERS, FEATURE_NUMBERS, LANDING_FEATURE_ICONS, LANDING_NAMESPACE } from './landing-content';
import { LandingHero } from './landing-hero';
import { PlatformOutageBanner } from './platform-outage-banner';
import { SizeHints } from './size-hints';

/** One platform's landing page, driven entirely by the platform. */
export async function PlatformLanding({ platform }: { platform: LandingPlatform }) {
  const shared = await getTranslations('Landing');
  const t = await getTranslations(LANDING_NAMESPACE[platform]);
  const { label } = platformPage(platform);
  const icons = LANDING_FEATURE_ICONS[platform];
  const features = FEATURE_NUMBERS.map((n, index) => ({
    icon: icons[index],
    title: t(`f${n}Title`),
    body: t(`f${n}Body`),
  }));
  const steps = [
    { title: t('copyTitle'), body: t('copyBody') },
    ...([2, 3, 4] as const).map((n) => ({ title: shared(`s${n}Title`), body: shared(`s${n}Body`, { platform: label }) })),
  ];
  const faq = FAQ_NUMBERS.map((n) => ({ question: t(`q${n}`), answer: t(`a${n}`) }));
  return (
    <>
      <PlatformOutageBanner platform={platform} label={label} />
      <LandingHero platform={platform} />
      <FeatureGrid id="features-title" title={shared('featuresTitle', { platform: label })} features={features} />
      <HowToSteps id="how-to-title" title={shared('howToTitle', { platform: label })} steps={steps} />
      {platform === 'youtube' ? <SizeHints /> : null}
      <PopularCreators
        creators={creatorsForPlatform(platform)}
        title={shared('creatorsTitle')}
        // The list mixes platforms (one well-known account each), so the line names none.
        subtitle={shared('creatorsSubtitle')}
      />
      <FaqList id="faq-title" title={shared('faqTitle', { platform: label })} items={faq} />
      <PlatformCards exclude={platform} title={shared('otherPlatforms')} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(faqJsonLd(faq)) }} />
    </>
  );
}
