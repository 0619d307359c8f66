'use client';

import { useFormatter, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import { notifyError } from '@/lib/client/notify';
import type { PlatformsReport } from '@/lib/admin/platforms';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { EngineUpdatePanel } from './engine-update-panel';
import { SectionState } from './section-state';

const BREAKER_STYLE = { closed: 'bg-primary/10 text-primary', trial: 'bg-muted', open: 'bg-destructive/10 text-destructive' } as const;

/** The engine (version, age, last update, "update now") and, per platform, its breaker and its canary's last result. */
export function PlatformsSection() {
  const t = useTranslations('Admin.platforms');
  const tAdmin = useTranslations('Admin');
  const format = useFormatter();
  const describe = useErrorText();
  const { data, error, mutate } = useSWR<PlatformsReport>('/api/admin/platforms', apiGet, {
    refreshInterval: (latest) => (latest?.update.running ? 1500 : 15_000),
  });
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  async function update() {
    try {
      await apiRequest('/api/admin/engine-update', { method: 'POST' });
    } catch (cause) {
      notifyError(tAdmin('error'), describe(cause, tAdmin('failed')), cause);
    }
    await mutate();
  }

  return (
    <SectionState data={data} error={error} retry={() => void mutate()}>
      {(report) => (
        <div className="space-y-6">
          <section className="space-y-3 rounded-lg border bg-card p-4 sm:p-6" aria-labelledby="admin-engine-title" data-testid="admin-engine">
            <h2 id="admin-engine-title" className="text-lg font-semibold">{t('engine')}</h2>
            {report.engine.stale && report.engine.ageDays !== null && (
              <p role="alert" data-testid="admin-engine-stale" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm font-semibold text-destructive">
                {t('stale', { days: report.engine.ageDays, limit: report.engine.staleAfterDays })}
              </p>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('version')}</dt>
              <dd>{report.engine.version ? <bdi dir="ltr" className="font-mono">{report.engine.version}</bdi> : t('unknown')}</dd>
              <dt className="text-muted-foreground">{t('age')}</dt>
              <dd>{report.engine.ageDays === null ? t('unknown') : t('days', { days: report.engine.ageDays })}</dd>
              <dt className="text-muted-foreground">{t('source')}</dt>
              <dd>{t(`sources.${report.engine.source}`)}</dd>
              <dt className="text-muted-foreground">{t('lastUpdate')}</dt>
              <dd>
                {report.engine.lastUpdate
                  ? `${when(report.engine.lastUpdate.at)} — ${t(`results.${report.engine.lastUpdate.result}`)}`
                  : t('never')}
              </dd>
            </dl>
            <EngineUpdatePanel update={report.update} onStart={() => void update()} />
          </section>
          <section className="space-y-3 rounded-lg border bg-card p-4 sm:p-6" aria-labelledby="admin-platforms-title">
            <h2 id="admin-platforms-title" className="text-lg font-semibold">{t('title')}</h2>
            <ul className="divide-y rounded-md border" data-testid="admin-platforms">
              {report.platforms.map((p) => (
                <li key={p.platform} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4">
                  <span className="w-28 font-medium">{t(`names.${p.platform}`)}</span>
                  <span className={`w-fit rounded px-2 py-0.5 text-xs ${BREAKER_STYLE[p.breaker.state]}`}>
                    {/* The platform's state in plain words ("Paused after repeated failures"), never the breaker's jargon. */}
                    {p.breaker.state === 'open' && p.breaker.until ? t('pausedUntil', { time: when(p.breaker.until) }) : t(`breakers.${p.breaker.state}`)}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {!p.canary ? t('noCanary')
                      : p.canary.ok ? t('canaryOk', { date: when(p.canary.checkedAt) })
                        : t('canaryFailed', { date: when(p.canary.checkedAt), code: p.canary.code ?? '—' })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </SectionState>
  );
}
