import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FaqList, faqJsonLd } from '@/components/public/sections/faq-list';
import { FeatureGrid } from '@/components/public/sections/feature-grid';
import { HowToSteps } from '@/components/public/sections/how-to-steps';
import { PlatformCards } from '@/components/public/sections/platform-cards';
import { PlatformMark } from '@/components/public/sections/platform-mark';
import { PopularCreators } from '@/components/public/sections/popular-creators';
import { UrlEntryForm } from '@/components/public/sections/url-entry-form';
import { creatorsForPlatform } from '@/lib/creators/popular';
import type { Locale } from '@/lib/i18n/routing';
import type { LandingPlatform } from '@/lib/platform-pages';
import { jsonLd, pageMetadata } from '@/lib/seo/page-metadata';
import { landingOf, type Landing } from './landing-content';
import { PlatformOutageBanner } from './platform-outage-banner';
import { SizeHints } from './size-hints';

type Props = { params: Promise<{ locale: string }> };

/** A platform's landing route (/youtube-downloader, …): its metadata and its page, both from the platform's data. */
export function landingRoute(platform: LandingPlatform) {
  const landing = landingOf(platform);
  return {
    async generateMetadata({ params }: Props) {
      const locale = (await params).locale as Locale;
      const t = await getTranslations({ locale, namespace: landing.namespace });
      return pageMetadata({ locale, path: landing.path, title: t('metaTitle'), description: t('metaDescription') });
    },
    async Page({ params }: Props) {
      setRequestLocale((await params).locale as Locale);
      return <PlatformLanding landing={landing} />;
    },
  };
}

/** One platform's landing page: the same sections on all five, filled with that platform's texts, icons and colour. */
export async function PlatformLanding({ landing }: { landing: Landing }) {
  const { platform, label, color } = landing;
  const shared = await getTranslations('Landing');
  const t = await getTranslations(landing.namespace);
  const features = landing.icons.map((icon, index) => ({ icon, title: t(`f${index + 1}Title`), body: t(`f${index + 1}Body`) }));
  const steps = [
    { title: t('copyTitle'), body: t('copyBody') },
    ...([2, 3, 4] as const).map((n) => ({ title: shared(`s${n}Title`), body: shared(`s${n}Body`, { platform: label }) })),
  ];
  const faq = ([1, 2, 3, 4] as const).map((n) => ({ question: t(`q${n}`), answer: t(`a${n}`) }));
  return (
    <>
      <PlatformOutageBanner platform={platform} label={label} />
      <section aria-labelledby="landing-title" className="relative overflow-hidden border-b">
        {/* The page's brand colour as a faint wash, so each landing page is recognisable at a glance. */}
        <div
          aria-hidden
          style={{ backgroundImage: `radial-gradient(ellipse at top, ${color}22, transparent 65%)` }}
          className="pointer-events-none absolute inset-0 -z-10"
        />
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-12 pb-12 text-center sm:pt-16 sm:pb-14">
          <PlatformMark platform={platform} size="lg" />
          <p className="mt-4 text-sm font-medium text-muted-foreground">{shared('badge', { platform: label })}</p>
          <h1 id="landing-title" className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t('title')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{t('description')}</p>
          <div className="mt-8 w-full">
            <UrlEntryForm
              testIdPrefix="landing"
              errorDisplay="toast"
              texts={{
                label: shared('label', { platform: label }),
                placeholder: t('placeholder'),
                paste: shared('paste'),
                submit: shared('submit'),
                pasteErrorTitle: shared('pasteErrorTitle'),
                pasteErrorBody: shared('pasteErrorBody'),
                invalidTitle: shared('invalidTitle'),
                invalidBody: t('invalidUrl'),
              }}
            />
          </div>
        </div>
      </section>
      <FeatureGrid id="features-title" title={shared('featuresTitle', { platform: label })} features={features} />
      <HowToSteps id="how-to-title" title={shared('howToTitle', { platform: label })} steps={steps} />
      {landing.sizeHints ? <SizeHints /> : null}
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
