'use client';

import { CheckCircle2, Clock, Download, Loader2, RotateCcw, X, XCircle } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { BulkItem, BulkItemStatus } from '@/lib/bulk/schemas';
import { useErrorText } from '@/lib/client/error-text';
import type { BulkAction } from '@/lib/client/use-bulk-batch';

const STATUS_STYLE: Record<BulkItemStatus, string> = {
  pending: 'border-border text-muted-foreground',
  processing: 'border-transparent bg-primary/15 text-primary-ink',
  completed: 'border-transparent bg-success/15 text-success-ink',
  failed: 'border-transparent bg-destructive/15 text-destructive-ink',
};

const STATUS_ICON = { pending: Clock, processing: Loader2, completed: CheckCircle2, failed: XCircle } as const;

/** One link of the queue: its state, its progress, and what its owner can do with it now. */
export function BulkItemRow({ item, busy, onAction }: { item: BulkItem; busy?: boolean; onAction?: (action: BulkAction) => Promise<void> }) {
  const t = useTranslations('Bulk');
  const Icon = STATUS_ICON[item.status];
  const describe = useErrorText('bulk');
  const message = item.status === 'failed' ? describe(item, t('messages.failed')) : t(`messages.${item.status}`);
  return (
    <li data-testid="bulk-item" data-status={item.status} className="rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          {item.title && <p className="truncate font-medium">{item.title}</p>}
          <p className={cn('truncate text-sm rtl:text-right', item.title ? 'text-muted-foreground' : 'font-medium')} dir="ltr" title={item.url}>
            {item.url}
          </p>
        </div>
        <Badge data-testid="bulk-item-status" className={STATUS_STYLE[item.status]}>
          <Icon className={cn('h-3.5 w-3.5', item.status === 'processing' && 'animate-spin')} aria-hidden />
          {t(`status.${item.status}`)}
        </Badge>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.progress}
        aria-label={t('progressLabel')}
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-500', item.status === 'failed' ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${item.status === 'failed' ? 100 : item.progress}%` }}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p data-testid="bulk-item-message" className={cn('text-sm', item.status === 'failed' ? 'text-destructive-ink' : 'text-muted-foreground')}>
          {message}
        </p>
        {onAction && (item.status === 'pending' || item.status === 'processing') && (
          <button type="button" data-testid="bulk-item-cancel" disabled={busy} onClick={() => void onAction({ kind: 'cancel', itemId: item.id })} className={buttonClasses('ghost', 'sm')}>
            <X className="h-4 w-4" aria-hidden />
            {t('cancel')}
          </button>
        )}
        {onAction && item.status === 'failed' && (
          <button type="button" data-testid="bulk-item-retry" disabled={busy} onClick={() => void onAction({ kind: 'retry', itemId: item.id })} className={buttonClasses('outline', 'sm')}>
            <RotateCcw className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
            {t('retry')}
          </button>
        )}
        {item.status === 'completed' && item.downloadUrl && (
          <a data-testid="bulk-item-download" href={item.downloadUrl} download className={buttonClasses('outline', 'sm')}>
            <Download className="h-4 w-4" aria-hidden />
            {t('download')}
          </a>
        )}
      </div>
    </li>
  );
}
