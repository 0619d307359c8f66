'use client';

import { Archive, RotateCcw, X } from '@/components/ui/icons';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { localTime } from '@/lib/client/local-time';
import { buttonClasses } from '@/components/ui/button';
import type { BulkBatch } from '@/lib/bulk/schemas';
import { BulkItemRow } from './bulk-item-row';
import type { BulkAction } from '@/lib/client/use-bulk-batch';

/**
 * The queue: one row per link (a playlist's links in its place), and the ZIP once anything is ready. The owner
 * cancels an item or everything still running, and retries one failed item or all of them.
 */
export function BulkQueue({ batch, onAction }: { batch: BulkBatch; onAction?: (action: BulkAction) => Promise<void> }) {
  const t = useTranslations('Bulk');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  // One action at a time: a second click before the answer would act on a state that has gone.
  const run = onAction && (async (action: BulkAction) => {
    if (busy) return;
    setBusy(true);
    try {
      await onAction(action);
    } finally {
      setBusy(false);
    }
  });
  const failed = batch.items.filter((item) => item.status === 'failed').length;
  const completed = batch.items.filter((item) => item.status === 'completed').length;
  const waiting = batch.items.length - completed - failed;
  // What each link came to, never one "finished" count that hides a failure: "2 ready · 1 failed".
  const summary = [
    t('summaryReady', { count: completed }),
    ...(failed > 0 ? [t('summaryFailed', { count: failed })] : []),
    ...(waiting > 0 ? [t('summaryWaiting', { count: waiting })] : []),
  ].join(' · ');
  return (
    <section aria-labelledby="bulk-queue-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="bulk-queue-heading" className="text-xl font-semibold">
            {t('queueTitle')}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="bulk-summary">
            {summary}
          </p>
          {batch.scheduledFor && (
            <p className="text-sm font-medium" data-testid="bulk-scheduled">{t('scheduledFor', { time: localTime(batch.scheduledFor, locale) ?? '' })}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
        {run && !batch.done && (
          <button type="button" data-testid="bulk-cancel-all" disabled={busy} onClick={() => void run({ kind: 'cancel' })} className={buttonClasses('outline', 'md')}>
            <X className="h-4 w-4" aria-hidden />
            {t('cancelAll')}
          </button>
        )}
        {run && failed > 0 && (
          <button type="button" data-testid="bulk-retry-failed" disabled={busy} onClick={() => void run({ kind: 'retry' })} className={buttonClasses('outline', 'md')}>
            <RotateCcw className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
            {t('retryFailed', { count: failed })}
          </button>
        )}
        {completed > 0 && (
          <a data-testid="bulk-zip" href={batch.zipUrl} download className={buttonClasses('primary', 'md')}>
            <Archive className="h-4 w-4" aria-hidden />
            {t('downloadZip')}
          </a>
        )}
        </div>
      </div>
      <ul className="grid gap-3">
        {batch.items.map((item) => (
          <BulkItemRow key={item.id} item={item} busy={busy} onAction={run} />
        ))}
      </ul>
    </section>
  );
}
