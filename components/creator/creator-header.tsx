import { Download, ExternalLink } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { PlatformBadge } from '@/components/media/platform-badge';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { Creator } from '@/lib/creators/types';
import { Link } from '@/lib/i18n/navigation';

/** Avatar, name, platform, stats badges, bio and the two actions: Download All Videos, Visit Channel. */
export async function CreatorHeader({ creator }: { creator: Creator }) {
  const t = await getTranslations('Creator');
  const format = await getFormatter();
  const compact = (n: number) => format.number(n, { notation: 'compact', maximumFractionDigits: 1 });
  const stats = [
    { key: 'subscribers', value: creator.stats.subscribers },
    { key: 'videos', value: creator.stats.videos },
    { key: 'views', value: creator.stats.views },
  ] as const;
  return (
    <header className="flex flex-col items-center gap-6 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-start">
      {/* eslint-disable-next-line @next/next/no-img-element -- remote channel pictures and generated data URIs, any host */}
      <img
        src={creator.avatar}
        alt=""
        width={112}
        height={112}
        referrerPolicy="no-referrer"
        className="h-28 w-28 shrink-0 rounded-full border bg-muted object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col items-center gap-3 text-center sm:items-start sm:text-start">
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <h1 data-testid="creator-name" className="text-3xl font-bold tracking-tight">
            {creator.name}
          </h1>
          <PlatformBadge platform={creator.platform} otherLabel={t('otherPlatform')} />
        </div>
        <ul className="flex flex-wrap justify-center gap-2 sm:justify-start" aria-label={t('statsLabel')}>
          {stats.map((stat) => (
            <li key={stat.key}>
              <Badge data-testid={`creator-stat-${stat.key}`} className="bg-muted/60 text-sm">
                <span className="font-semibold tabular-nums">{compact(stat.value)}</span>
                <span className="text-muted-foreground">{t(stat.key)}</span>
              </Badge>
            </li>
          ))}
        </ul>
        {creator.bio && <p className="max-w-2xl text-muted-foreground">{creator.bio}</p>}
        <div className="flex flex-wrap justify-center gap-3 sm:justify-start">
          <Link
            href={{ pathname: '/bulk', query: { creator: creator.slug } }}
            data-testid="creator-download-all"
            className={buttonClasses('primary', 'md')}
          >
            <Download className="h-4 w-4" aria-hidden />
            {t('downloadAll')}
          </Link>
          <a
            href={creator.channelUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="creator-visit-channel"
            className={buttonClasses('outline', 'md')}
          >
            <ExternalLink className="h-4 w-4" aria-hidden />
            {t('visitChannel')}
          </a>
        </div>
        {creator.source === 'sample' && <p className="text-xs text-muted-foreground">{t('sampleNotice')}</p>}
      </div>
    </header>
  );
}
