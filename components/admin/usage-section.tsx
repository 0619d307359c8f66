'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import type { Usage } from '@/lib/admin/usage';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import type { Locale } from '@/lib/i18n/routing';
import { bytesText } from './format';
import { Figure, SectionState } from './section-state';
import { BarChart, ColumnChart } from './usage-chart';

/** Downloads, failures and bytes of the last 1 or 7 days: totals, over time, by platform, failures by code. */
export function UsageSection() {
  const t = useTranslations('Admin.usage');
  const tPlatforms = useTranslations('Admin.platforms.names');
  const tErrors = useTranslations('Errors');
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const dir = LOCALE_INFO[locale]?.dir ?? 'ltr';
  const [days, setDays] = useState<1 | 7>(1);
  const { data, error, mutate } = useSWR<Usage>(`/api/admin/usage?days=${days}`, apiGet, { keepPreviousData: true, refreshInterval: 30_000 });
  const count = (n: number) => format.number(n);
  const bytes = (n: number) => bytesText(locale, n);
  const platformName = (p: string) => (tPlatforms.has(p) ? tPlatforms(p) : p);
  // A failure is named by what the user was told, not by its code ("no_media"); a code without words stays a code.
  const reason = (code: string) => {
    if (!tErrors.has(code)) return code;
    try {
      return tErrors(code);
    } catch {
      return code;
    }
  };
  const slotLabel = (iso: string) =>
    format.dateTime(new Date(iso), days === 1 ? { hour: 'numeric', minute: '2-digit' } : { weekday: 'short', day: 'numeric' });

  return (
    <section className="space-y-5 rounded-lg border bg-card p-4 sm:p-6" aria-labelledby="admin-usage-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-usage-title" className="text-lg font-semibold">{t('title')}</h2>
        <div role="radiogroup" aria-label={t('period')} className="inline-flex rounded-md bg-muted p-1">
          {([1, 7] as const).map((value) => (
            <button key={value} type="button" role="radio" aria-checked={days === value} onClick={() => setDays(value)}
              data-testid={`admin-usage-${value}`}
              className={`rounded px-3 py-1 text-sm ${days === value ? 'bg-card font-medium shadow-sm' : 'text-muted-foreground'}`}>
              {t(value === 1 ? 'day' : 'week')}
            </button>
          ))}
        </div>
      </div>
      <SectionState data={data} error={error} retry={() => void mutate()}>
        {(usage) => (
          <>
            <div className="grid grid-cols-3 gap-2 sm:gap-3">
              <Figure label={t('downloads')} value={count(usage.totals.downloads)} testId="admin-usage-downloads" />
              <Figure label={t('failures')} value={count(usage.totals.failures)} />
              <Figure label={t('bytes')} value={bytes(usage.totals.bytes)} />
            </div>
            <ColumnChart
              title={t(days === 1 ? 'overHours' : 'overDays')} dir={dir} format={count} labelHeading={t('when')}
              names={{ done: t('downloads'), failed: t('failures') }}
              rows={usage.series.map((slot) => ({ label: slotLabel(slot.start), done: slot.downloads, failed: slot.failures }))}
              first={slotLabel(usage.series[0].start)} last={slotLabel(usage.series.at(-1)!.start)}
            />
            <div className="grid gap-6 lg:grid-cols-2">
              <BarChart
                title={t('byPlatform')} dir={dir} format={count} labelHeading={t('platform')}
                names={{ done: t('downloads'), failed: t('failures') }}
                rows={usage.platforms.map((p) => ({ label: platformName(p.platform), done: p.downloads, failed: p.failures }))}
                figure={(row) => t('platformFigure', { downloads: row.done, failures: row.failed })}
              />
              <BarChart
                title={t('bytesByPlatform')} dir={dir} format={bytes} labelHeading={t('platform')} names={{ done: t('bytes') }}
                rows={usage.platforms.map((p) => ({ label: platformName(p.platform), done: p.bytes, failed: 0 }))}
              />
            </div>
            {usage.failures.length === 0 ? <p className="text-sm text-muted-foreground">{t('noFailures')}</p> : (
              <BarChart
                title={t('byCode')} dir={dir} format={count} labelHeading={t('code')} names={{ done: t('failures') }} tone="failed" wideLabels
                rows={usage.failures.map((f) => ({ label: reason(f.code), done: f.count, failed: 0 }))}
                figure={(row) => t('failureFigure', { count: row.done })}
              />
            )}
          </>
        )}
      </SectionState>
    </section>
  );
}
