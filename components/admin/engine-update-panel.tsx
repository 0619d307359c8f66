'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { EngineUpdate } from '@/lib/admin/engine-update';

/** "Update engine now", and while it runs (or after it ran) its last lines and how it ended. */
export function EngineUpdatePanel({ update, onStart }: { update: EngineUpdate; onStart: () => void }) {
  const t = useTranslations('Admin.platforms');
  const format = useFormatter();
  const ended = !update.running && update.finishedAt;
  return (
    <div className="space-y-2">
      <Button size="sm" onClick={onStart} disabled={update.running} data-testid="admin-engine-update">
        {update.running ? t('updating') : t('updateNow')}
      </Button>
      <div aria-live="polite" className="text-sm">
        {update.running && update.startedAt && <p>{t('updateRunning', { date: format.dateTime(new Date(update.startedAt), { timeStyle: 'short' }) })}</p>}
        {ended && <p>{update.exitCode === 0 ? t('updateSucceeded') : t('updateFailed', { code: String(update.exitCode ?? '—') })}</p>}
      </div>
      {update.lines.length > 0 && (
        <pre dir="ltr" className="max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-start text-xs" aria-label={t('updateLog')}>
          {update.lines.join('\n')}
        </pre>
      )}
    </div>
  );
}
