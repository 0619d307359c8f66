'use client';

import { useLocale, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import type { Storage } from '@/lib/admin/storage';
import { bytesText } from './format';
import { Figure, SectionState } from './section-state';

/** Bytes on disk, and the prepared files each user's jobs left in the file store (anonymous callers together). */
export function StorageSection() {
  const t = useTranslations('Admin.storage');
  const locale = useLocale();
  const { data, error, mutate } = useSWR<Storage>('/api/admin/storage', apiGet, { refreshInterval: 10_000 });
  return (
    <section className="space-y-4 rounded-lg border bg-card p-4 sm:p-6" aria-labelledby="admin-storage-title">
      <h2 id="admin-storage-title" className="text-lg font-semibold">{t('title')}</h2>
      <SectionState data={data} error={error} retry={() => void mutate()}>
        {(storage) => {
          const top = Math.max(1, ...storage.users.map((user) => user.bytes));
          const recorded = storage.users.reduce((sum, user) => sum + user.bytes, 0);
          const files = storage.users.reduce((sum, user) => sum + user.files, 0);
          return (
            <>
              {/* Measured on this node's disk now; the list below is what was recorded per file, a different count. */}
              <div className="grid gap-3 sm:grid-cols-3">
                <Figure label={t('temp')} value={bytesText(locale, storage.tempBytes)} testId="admin-storage-temp" />
                {storage.fileStoreBytes !== null && <Figure label={t('fileStore')} value={bytesText(locale, storage.fileStoreBytes)} />}
                {storage.disk && (
                  <Figure
                    label={t('disk')}
                    value={t('diskFree', { free: bytesText(locale, storage.disk.freeBytes), total: bytesText(locale, storage.disk.totalBytes) })}
                    testId="admin-storage-disk"
                  />
                )}
              </div>
              <p className="text-xs text-muted-foreground">{t('tempNote')}</p>
              <h3 className="font-medium">{t('perUser')}</h3>
              <p className="text-sm text-muted-foreground" data-testid="admin-storage-recorded">
                {t('recordedTotal', { bytes: bytesText(locale, recorded), count: files })}
              </p>
              {storage.users.length === 0 ? <p className="text-sm text-muted-foreground">{t('none')}</p> : (
                <ul className="space-y-3" data-testid="admin-storage-users">
                  {storage.users.map((user) => (
                    <li key={user.userId ?? 'anonymous'} className="space-y-1">
                      <div className="flex flex-wrap justify-between gap-2 text-sm">
                        <span className="truncate" dir={user.email ? 'ltr' : undefined}>{user.email ?? t('anonymous')}</span>
                        <span className="tabular-nums text-muted-foreground">
                          {bytesText(locale, user.bytes)} · {t('files', { count: user.files })}
                        </span>
                      </div>
                      <div className="h-1.5 rounded bg-muted" aria-hidden>
                        <div className="h-1.5 rounded bg-primary" style={{ width: `${(user.bytes / top) * 100}%` }} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              <p className="text-xs text-muted-foreground">{t('note')}</p>
            </>
          );
        }}
      </SectionState>
    </section>
  );
}
