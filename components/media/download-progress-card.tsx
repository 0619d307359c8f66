'use client';

import { AlertCircle, CheckCircle2, FileDown, Loader2, RotateCcw, X } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { DownloadJobState } from '@/lib/client/use-download-job';
import type { JobStatus } from '@/lib/downloads/job-status';

const percentOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0);

/**
 * The download's progress card: the job's stage in the visitor's language, a 0–100 bar
 * with its percentage, what is happening, and once ready a Save file link (the automatic save may be blocked).
 * While the job runs it can be cancelled; once it has failed, retried (a new job the card then follows).
 */
export function DownloadProgressCard({ state, onCancel, onRetry }: { state: DownloadJobState; onCancel?: () => void; onRetry?: () => void }) {
  const t = useTranslations('DownloadProgress');
  const chapters = useTranslations('Chapters');
  if (state.phase === 'idle') return null;
  const record = state.progress;
  // Any status but analyzing, processing, ready and failed reads as queued.
  const status: JobStatus = state.phase === 'failed' ? 'failed' : (record?.status ?? 'queued');
  const percent = percentOf(record?.progress);
  const failed = status === 'failed';
  const saveHref = status === 'ready' ? record?.downloadUrl : null;
  const ready = Boolean(saveHref);
  // The server's texts are English; its stages are said in the visitor's language, a failure by its reason.
  const message = failed ? state.error : t(`message.${status}`);
  const Icon = failed ? AlertCircle : ready ? CheckCircle2 : Loader2;

  return (
    <Card data-testid="progress-card" data-status={status} className="grid gap-4 p-4 sm:p-6" aria-live="polite">
      <div className="flex items-center gap-3">
        <Icon
          className={cn('h-5 w-5 shrink-0', failed ? 'text-destructive' : 'text-primary', !failed && !ready && 'animate-spin')}
          aria-hidden
        />
        <div className="min-w-0 flex-1">
          <p className="font-medium">{t('title')}</p>
          <p className="truncate text-sm text-muted-foreground" dir="auto">{state.filename}</p>
        </div>
        <span
          data-testid="progress-status"
          className={cn(
            'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium',
            failed ? 'bg-destructive/10 text-destructive-ink' : ready ? 'bg-primary/10 text-primary-ink' : 'bg-muted text-muted-foreground',
          )}
        >
          {t(`status.${status}`)}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <div
          data-testid="progress-bar"
          role="progressbar"
          aria-label={t('title')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width] duration-500', failed ? 'bg-destructive' : 'bg-primary')}
            style={{ width: `${percent}%` }}
          />
        </div>
        <span data-testid="progress-percent" className="w-12 shrink-0 text-end text-sm tabular-nums" dir="ltr">
          {percent}%
        </span>
      </div>
      {message ? (
        <p data-testid="progress-message" className="text-sm text-muted-foreground break-words" dir="auto">{message}</p>
      ) : null}
      {/* What the ready file was made without: SponsorBlock not answering never fails a download. */}
      {status === 'ready' && record?.notes?.includes('sponsorblock_unavailable') ? (
        <p data-testid="progress-note" className="text-sm text-muted-foreground">{chapters('sponsorUnavailable')}</p>
      ) : null}
      {failed ? (
        <p role="alert" data-testid="progress-failed" className="text-sm font-medium text-destructive">{t('failedCard')}</p>
      ) : null}
      {onCancel && state.phase === 'running' && record?.id ? (
        <button type="button" data-testid="progress-cancel" onClick={onCancel} className={cn(buttonClasses('outline', 'sm'), 'w-fit')}>
          <X className="h-4 w-4" aria-hidden />
          {t('cancel')}
        </button>
      ) : null}
      {onRetry && state.phase === 'failed' && record?.id ? (
        <button type="button" data-testid="progress-retry" onClick={onRetry} className={cn(buttonClasses('outline', 'sm'), 'w-fit')}>
          <RotateCcw className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('retry')}
        </button>
      ) : null}
      {saveHref ? (
        <a
          href={saveHref}
          download={state.filename}
          data-testid="save-file-link"
          className="inline-flex w-fit items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <FileDown className="h-4 w-4" aria-hidden />
          {t('saveFile')}
        </a>
      ) : null}
    </Card>
  );
}
