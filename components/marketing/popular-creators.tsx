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
                className="flex h-full flex-col items-center gap-3 rounded-lg border bg-card p-5 text-center shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <span className="relative">
                  <span
                    aria-hidden
                    className="grid h-16 w-16 place-items-center rounded-full bg-gradient-to-br from-primary/20 to-accent/30 text-xl font-bold text-secondary-foreground"
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
                <span className="mt-auto rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground">
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
