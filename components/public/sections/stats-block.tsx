import { Activity, BadgeCheck, Download, Timer, type IconComponent } from '@/components/ui/icons';
import { getFormatter, getTranslations } from 'next-intl/server';
import { config } from '@/lib/config';
import { services } from '@/lib/server';
import { siteStats } from '@/lib/stats/service';
import type { SiteStats } from '@/lib/stats/site-stats';

/** The figures, or undefined when the store cannot be read now (or is not ours to read, during the build). */
async function readFigures(): Promise<SiteStats | undefined> {
  if (config().building) return undefined;
  try {
    return await siteStats(() => services().db());
  } catch (error) {
    console.error('[stats] could not read the site figures', error);
    return undefined;
  }
}

/**
 * The site's own figures, counted from its store: downloads and active clients today, the last 7 days' success
 * rate and average processing time. Hidden when they cannot be read; a plain "not enough data yet" line while
 * the window holds fewer than 20 downloads. The home page is regenerated every minute, so this stays static.
 */
export async function StatsBlock() {
  const figures = await readFigures();
  if (!figures) return null;
  const t = await getTranslations('Marketing.stats');
  if (!figures.enough) {
    return (
      <section aria-labelledby="stats-title" className="mx-auto max-w-6xl px-4 py-8" data-testid="stats-block">
        <h2 id="stats-title" className="sr-only">
          {t('title')}
        </h2>
        <p className="rounded-lg border bg-card p-5 text-center text-sm text-muted-foreground" data-testid="stats-not-enough">
          {t('notEnough')}
        </p>
      </section>
    );
  }
  const format = await getFormatter();
  const stats: Array<{ key: string; icon: IconComponent; value: string; label: string }> = [
    { key: 'downloads', icon: Download, value: format.number(figures.downloadsToday), label: t('downloadsToday') },
    { key: 'users', icon: Activity, value: format.number(figures.activeUsersToday), label: t('activeUsers') },
    {
      key: 'success',
      icon: BadgeCheck,
      value: format.number(figures.successRate, { style: 'percent', maximumFractionDigits: 1 }),
      label: t('successRate'),
    },
    {
      key: 'speed',
      icon: Timer,
      value: format.number(figures.averageSeconds, { style: 'unit', unit: 'second', unitDisplay: 'narrow', maximumFractionDigits: 1 }),
      label: t('averageTime'),
    },
  ];
  return (
    <section aria-labelledby="stats-title" className="mx-auto max-w-6xl px-4 py-8">
      <h2 id="stats-title" className="sr-only">
        {t('title')}
      </h2>
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border bg-border shadow-sm lg:grid-cols-4" data-testid="stats-block">
        {stats.map(({ key, icon: Icon, value, label }) => (
          <div key={key} className="flex flex-col gap-1 bg-card p-5 sm:p-6">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Icon className="h-4 w-4 shrink-0 text-primary" aria-hidden />
              {label}
            </dt>
            <dd className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-center text-xs text-muted-foreground">{t('note')}</p>
    </section>
  );
}
