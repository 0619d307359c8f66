import { Globe, Layers, ShieldCheck, Zap } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { PLATFORM_PAGES } from '@/lib/platform-pages';

/**
 * Headline and the four promises (speed, platforms, privacy, works everywhere). The page has one link box, the
 * analyser in place right below; the hero carries none of its own, and is kept short so that box is near the top.
 */
export async function HomeHero() {
  const t = await getTranslations('Home');
  const promises = [
    { key: 'speed', icon: Zap, text: t('promises.speed') },
    { key: 'platforms', icon: Layers, text: t('promises.platforms', { count: PLATFORM_PAGES.length }) },
    { key: 'privacy', icon: ShieldCheck, text: t('promises.privacy') },
    { key: 'everywhere', icon: Globe, text: t('promises.everywhere') },
  ];
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b">
      {/* A soft brand glow; decorative, so it sits behind the content and is hidden from assistive tech. */}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-96 max-w-4xl rounded-full bg-gradient-to-br from-primary/25 via-accent/15 to-transparent blur-3xl"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-10 pb-8 text-center sm:pt-16 sm:pb-12">
        <p className="mb-5 rounded-full border bg-card/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-sm">
          {t('badge')}
        </p>
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl md:text-6xl">
          {t('title')}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{t('description')}</p>
        <ul className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
          {promises.map(({ key, icon: Icon, text }) => (
            <li key={key} className="inline-flex items-center gap-1.5">
              <Icon className="h-4 w-4 text-primary" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
