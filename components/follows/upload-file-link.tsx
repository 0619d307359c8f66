'use client';

import { FileDown, Loader2 } from '@/components/ui/icons';
import { useLocale, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { buttonClasses } from '@/components/ui/button';
import { apiGet } from '@/lib/client/api-client';
import { localTime } from '@/lib/client/local-time';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';

/** A followed upload's download job: when it is scheduled, its progress while it runs, then the link to save the file. */
export function UploadFileLink({ downloadId }: { downloadId: string }) {
  const t = useTranslations('Follows');
  const locale = useLocale();
  const { data } = useSWR<DownloadProgress>(`/api/media/progress/${encodeURIComponent(downloadId)}`, (path: string) => apiGet<DownloadProgress>(path), {
    refreshInterval: (latest) => (latest && ['ready', 'failed'].includes(latest.status) ? 0 : latest?.scheduledFor ? 30_000 : 1500),
  });
  if (data?.status === 'ready' && data.downloadUrl) {
    return (
      <a href={data.downloadUrl} download="" rel="noopener" data-testid="follow-upload-save" className={buttonClasses('primary', 'sm')}>
        <FileDown className="h-4 w-4" aria-hidden />
        {t('saveFile')}
      </a>
    );
  }
  if (data?.status === 'failed') return <span className="text-sm text-destructive">{t('skippedFailed')}</span>;
  // Waiting for the download window: when it starts, on the visitor's clock (polled more slowly meanwhile).
  if (data?.status === 'queued' && data.scheduledFor) {
    return <span className="text-sm text-muted-foreground" data-testid="follow-upload-scheduled">{t('scheduledFor', { time: localTime(data.scheduledFor, locale) ?? '' })}</span>;
  }
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="follow-upload-progress">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      {t('stateDownloading')} <span className="tabular-nums" dir="ltr">{data ? `${data.progress}%` : ''}</span>
    </span>
  );
}
