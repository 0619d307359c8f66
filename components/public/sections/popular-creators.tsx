import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/cn';
import type { PopularCreator } from '@/lib/creators/popular';
import { Link } from '@/lib/i18n/navigation';
import { PlatformMark, platformPage } from './platform-mark';
import { MarketingSection, SectionHeading } from './section-heading';

/** Cards linking to well-known creators' pages (/download/{slug}): name, handle and platform, no invented counts. */
export async function PopularCreators({ creators, title, subtitle }: { creators: readonly PopularCreator[]; title: string; subtitle?: string }) {
  const t = await getTranslations('Marketing.creators');
  return (
    <MarketingSection labelledBy="creators-title">
      <SectionHeading id="creators-title" title={title} subtitle={subtitle} />
      <ul className={cn('grid gap-4 sm:grid-cols-2', creators.length >= 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-3')}>
        {creators.map((creator) => {
          return (
            <li key={creator.slug}>
              <Link
                href={`/download/${creator.slug}`}
                data-testid={`creator-card-${creator.slug}`}
                className="card-link items-center text-center"
              >
                <span className="relative">
                  <span
                    aria-hidden
                    className="creator-initials"
                  >
                    {initials(creator.name)}
                  </span>
                  <span className="absolute -bottom-1 -end-1">
                    <PlatformMark platform={creator.platform} size="sm" />
                  </span>
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold">{creator.name}</span>
                  <span className="text-xs text-muted-foreground" dir="ltr">
                    {creator.handle}
                  </span>
                </span>
                <span className="card-foot-badge">
                  {t('on', { platform: platformPage(creator.platform).label })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </MarketingSection>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
