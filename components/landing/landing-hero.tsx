import { getTranslations } from 'next-intl/server';
import { PlatformMark, platformPage } from '@/components/marketing/platform-mark';
import { UrlEntryForm } from '@/components/marketing/url-entry-form';
import type { LandingPlatform } from '@/lib/platform-pages';
import { LANDING_NAMESPACE } from './landing-content';

export async function LandingHero({ platform }: { platform: LandingPlatform }) {
  const shared = await getTranslations('Landing');
  const t = await getTranslations(LANDING_NAMESPACE[platform]);
  const { label, color } = platformPage(platform);
  return (
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
  );
}
