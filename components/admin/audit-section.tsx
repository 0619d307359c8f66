'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import { Button } from '@/components/ui/button';
import type { AuditEntry, AuditPage } from '@/lib/admin/audit';
import { SectionState } from './section-state';

/** The audit log, newest first, 25 a page: when, who, what, whom. */
export function AuditSection() {
  const t = useTranslations('Admin.audit');
  const tUsers = useTranslations('Admin.users');
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useSWR<AuditPage>(`/api/admin/audit?page=${page}`, apiGet, { keepPreviousData: true });

  const detail = (entry: AuditEntry) => {
    const d = entry.detail ?? {};
    if (entry.action === 'user.role' && typeof d.from === 'string' && typeof d.to === 'string') {
      return t('roleDetail', { from: tUsers(`roles.${d.from}`), to: tUsers(`roles.${d.to}`) });
    }
    return null;
  };

  return (
    <section className="space-y-4 rounded-lg border bg-card p-4 sm:p-6" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="text-lg font-semibold">{t('title')}</h2>
      <p className="text-sm text-muted-foreground">{t('kept')}</p>
      <SectionState data={data} error={error} retry={() => void mutate()}>
        {(log) => log.entries.length === 0 ? <p className="text-sm">{t('empty')}</p> : (
          <>
            <ol className="divide-y rounded-md border" data-testid="admin-audit">
              {log.entries.map((entry) => (
                <li key={entry.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[11rem_1fr]">
                  <time dateTime={entry.at} className="text-muted-foreground">
                    {format.dateTime(new Date(entry.at), { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                  <div className="min-w-0">
                    <span dir="ltr" className="font-medium">{entry.actor}</span>{' '}
                    {t(`actions.${entry.action}`)}
                    {(entry.targetLabel || entry.target) && (
                      <>{' '}<span dir="ltr" className="break-all font-medium">{entry.targetLabel ?? entry.target}</span></>
                    )}
                    {detail(entry) && <span className="ms-2 text-muted-foreground">({detail(entry)})</span>}
                  </div>
                </li>
              ))}
            </ol>
            {log.pages > 1 && (
              <nav className="flex items-center justify-between gap-2" aria-label={t('paging')}>
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>{tUsers('previous')}</Button>
                <span className="text-sm text-muted-foreground">{tUsers('page', { page: log.page, pages: log.pages })}</span>
                <Button variant="outline" size="sm" disabled={page >= log.pages} onClick={() => setPage(page + 1)}>{tUsers('next')}</Button>
              </nav>
            )}
          </>
        )}
      </SectionState>
    </section>
  );
}
