'use client';

import { useFormatter, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import { Button } from '@/components/ui/button';
import type { QueuedJob } from '@/lib/admin/queue';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { SectionState } from './section-state';

/** The jobs queued or running across users, refreshed every 3 s, each with Cancel. */
export function QueueSection() {
  const t = useTranslations('Admin.queue');
  const tAdmin = useTranslations('Admin');
  const format = useFormatter();
  const describe = useErrorText();
  const { data, error, mutate } = useSWR<QueuedJob[]>('/api/admin/queue', apiGet, { refreshInterval: 3000 });

  async function cancel(job: QueuedJob) {
    try {
      await apiRequest(`/api/admin/queue/${encodeURIComponent(job.id)}`, { method: 'DELETE' });
      notifySuccess(tAdmin('done'), t('cancelled'));
    } catch (cause) {
      notifyError(tAdmin('error'), describe(cause, tAdmin('failed')), cause);
    }
    await mutate();
  }

  return (
    <section className="space-y-4 rounded-lg border bg-card p-4 sm:p-6" aria-labelledby="admin-queue-title">
      <h2 id="admin-queue-title" className="text-lg font-semibold">{t('title')}</h2>
      <SectionState data={data} error={error} retry={() => void mutate()}>
        {(jobs) => jobs.length === 0 ? <p className="text-sm text-muted-foreground">{t('empty')}</p> : (
          <ul className="divide-y rounded-md border" data-testid="admin-queue">
            {jobs.map((job) => (
              <li key={job.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4" data-testid="admin-job">
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium">{t(`kinds.${job.kind}`)}</span>
                    <span className={job.state === 'running' ? 'rounded bg-primary/10 px-1.5 text-primary' : 'rounded bg-muted px-1.5'}>
                      {t(`states.${job.state}`)}
                    </span>
                    <span className="truncate text-muted-foreground" dir={job.owner ? 'ltr' : undefined}>{job.owner ?? t('anonymous')}</span>
                  </div>
                  <div className="flex items-center gap-3 text-xs text-muted-foreground">
                    <progress className="h-1.5 w-32 max-w-full accent-primary" max={100} value={job.progress} aria-label={t('progress')} />
                    <span className="tabular-nums">{format.number(job.progress / 100, { style: 'percent' })}</span>
                    <span>{format.relativeTime(new Date(job.createdAt), new Date())}</span>
                  </div>
                </div>
                <Button variant="outline" size="sm" onClick={() => void cancel(job)} aria-label={t('cancelJob', { kind: t(`kinds.${job.kind}`), owner: job.owner ?? t('anonymous') })}>
                  {t('cancel')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}
