'use client';

import { Loader2 } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { ResultSkeleton } from '@/components/media/result-skeleton';

/**
 * Shown while a job runs: its stage, its progress when it gives one, and the card's outline. The stage is said in
 * the visitor's language rather than echoing the server's English status text.
 */
export function AnalyzingIndicator({ status, progress }: { status?: string; progress?: number }) {
  const t = useTranslations('Analyze');
  const percent = typeof progress === 'number' && Number.isFinite(progress) ? Math.min(100, Math.max(0, Math.round(progress))) : null;
  return (
    <div data-testid="analyze-busy" className="grid gap-4" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-sm">
        <Loader2 className="h-5 w-5 animate-spin text-primary" aria-hidden />
        <span className="font-medium">{t('busy')}</span>
        {status ? (
          <span className="truncate text-muted-foreground">{t(status === 'queued' ? 'statusQueued' : 'statusAnalyzing')}</span>
        ) : null}
        {percent !== null ? <span className="ms-auto tabular-nums text-muted-foreground">{percent}%</span> : null}
      </div>
      {percent !== null ? (
        <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <ResultSkeleton />
    </div>
  );
}
