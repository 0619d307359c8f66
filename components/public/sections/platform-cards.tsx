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
              className="card-link group border-t-4 border-t-[var(--brand)]"
            >
              <PlatformMark platform={page.platform} />
              <span className="font-semibold">{page.label}</span>
              <span className="text-sm text-muted-foreground">{t(`${page.platform}`)}</span>
              <span className="card-foot-link">
                {t('open')}
                <ArrowRight className="card-arrow h-4 w-4" aria-hidden />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </MarketingSection>
  );
}
