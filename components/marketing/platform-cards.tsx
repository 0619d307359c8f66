import { ArrowRight } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';
import { PLATFORM_PAGES, type LandingPlatform } from '@/lib/platform-pages';
import { PlatformMark } from './platform-mark';
import { MarketingSection, SectionHeading } from './section-heading';

/** Cards linking to the landing pages; a landing page passes its own platform to leave it out. */
export async function PlatformCards({ exclude, title }: { exclude?: LandingPlatform; title?: string }) {
  const t = await getTranslations('Marketing.platforms');
  const pages = PLATFORM_PAGES.filter((page) => page.platform !== exclude);
  return (
    <MarketingSection labelledBy="platforms-title">
      <SectionHeading id="platforms-title" title={title ?? t('title')} subtitle={t('subtitle')} />
      <ul className={cn('grid gap-4 sm:grid-cols-2', pages.length >= 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4')}>
        {pages.map((page) => (
          <li key={page.platform}>
            <Link
              href={page.path}
              data-testid={`platform-card-${page.platform}`}
              style={{ '--brand': page.color } as React.CSSProperties}
              className="group flex h-full flex-col gap-3 rounded-lg border border-t-4 border-t-[var(--brand)] bg-card p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:-translate-y-0.5"
            >
              <PlatformMark platform={page.platform} />
              <span className="font-semibold">{page.label}</span>
              <span className="text-sm text-muted-foreground">{t(`${page.platform}`)}</span>
              <span className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary">
                {t('open')}
                <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5" aria-hidden />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}
