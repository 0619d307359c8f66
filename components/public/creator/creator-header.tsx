import { Download, ExternalLink } from '@/components/ui/icons';
import { getFormatter, getNow, getTranslations } from 'next-intl/server';
import { FollowButton } from '@/components/follows/follow-button';
import { PlatformBadge } from '@/components/media/platform-badge';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { Creator } from '@/lib/creators/types';
import { Link } from '@/lib/i18n/navigation';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word)[0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * Avatar, name, platform, the video count of the reading, bio and the actions. Download All Videos only when
 * there are videos to download; Visit Channel always. With a reading, when it was taken ("updated 3 hours ago").
 */
export async function CreatorHeader({ creator }: { creator: Creator }) {
  const t = await getTranslations('Creator');
  const format = await getFormatter();
  const now = await getNow();
  const hasVideos = creator.latestVideos.length > 0;
  return (
    <header className="flex flex-col items-center gap-6 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-start">
      {creator.avatar ? (
        // eslint-disable-next-line @next/next/no-img-element -- the channel's picture, through our thumbnail route
        <img
          src={creator.avatar}
          alt=""
          width={112}
          height={112}
          referrerPolicy="no-referrer"
          className="h-28 w-28 shrink-0 rounded-full border bg-muted object-cover"
        />
      ) : (
        <span aria-hidden className="grid h-28 w-28 shrink-0 place-items-center rounded-full border bg-muted text-4xl font-bold text-muted-foreground">
          {initials(creator.name)}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col items-center gap-3 text-center sm:items-start sm:text-start">
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <h1 data-testid="creator-name" className="text-3xl font-bold tracking-tight">
            {creator.name}
          </h1>
          <PlatformBadge platform={creator.platform} otherLabel={t('otherPlatform')} />
        </div>
        {creator.stats.videos !== undefined && (
          <ul className="flex flex-wrap justify-center gap-2 sm:justify-start" aria-label={t('statsLabel')}>
            <li>
              <Badge data-testid="creator-stat-videos" className="bg-muted/60 text-sm">
                <span className="font-semibold tabular-nums">{format.number(creator.stats.videos)}</span>
                <span className="text-muted-foreground">{t('videos')}</span>
              </Badge>
            </li>
          </ul>
        )}
        {creator.bio && <p className="max-w-2xl text-muted-foreground">{creator.bio}</p>}
        <div className="flex flex-wrap justify-center gap-3 sm:justify-start">
          {hasVideos && (
            <Link
              href={{ pathname: '/bulk', query: { creator: creator.slug } }}
              data-testid="creator-download-all"
              className={buttonClasses('primary', 'md')}
            >
              <Download className="h-4 w-4" aria-hidden />
              {t('downloadAll')}
            </Link>
          )}
          <a
            href={creator.channelUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="creator-visit-channel"
            className={buttonClasses(hasVideos ? 'outline' : 'primary', 'md')}
          >
            <ExternalLink className="h-4 w-4" aria-hidden />
            {t('visitChannel')}
          </a>
          <FollowButton url={creator.channelUrl} name={creator.name} />
        </div>
        {creator.readAt !== null && (
          <p className="text-xs text-muted-foreground" data-testid="creator-updated">
            {creator.source === 'stored' && `${t('storedNotice')} `}
            {t('updated', { ago: format.relativeTime(creator.readAt, now) })}
          </p>
        )}
      </div>
    </header>
  );
}
