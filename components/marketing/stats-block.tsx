import { Activity, BadgeCheck, Download, Timer, type LucideIcon } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';

// Fixed sample figures: shown as-is, never fetched, so they stay stable across renders.
const SAMPLE = { downloadsToday: 2847, activeUsers: 1234, successRate: 0.987, averageSeconds: 2.3 };

export async function StatsBlock() {
  const t = await getTranslations('Marketing.stats');
  const format = await getFormatter();
  const stats: Array<{ key: string; icon: LucideIcon; value: string; label: string }> = [
    { key: 'downloads', icon: Download, value: format.number(SAMPLE.downloadsToday), label: t('downloadsToday') },
    { key: 'users', icon: Activity, value: format.number(SAMPLE.activeUsers), label: t('activeUsers') },
    {
      key: 'success',
      icon: BadgeCheck,
      value: format.number(SAMPLE.successRate, { style: 'percent', minimumFractionDigits: 1 }),
      label: t('successRate'),
    },
    {
      key: 'speed',
      icon: Timer,
      value: format.number(SAMPLE.averageSeconds, { style: 'unit', unit: 'second', unitDisplay: 'narrow' }),
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
