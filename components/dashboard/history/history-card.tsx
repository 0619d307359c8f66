'use client';

import { CheckCircle2, Download, ImageOff, Trash2, XCircle } from '@/components/ui/icons';
import { useFormatter, useTranslations } from 'next-intl';
import { qualityText, sizeText } from '@/lib/client/format-media';
import { PlatformBadge } from '@/components/media/platform-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { HistoryEntry } from './history-types';

/** One past download: thumbnail, badges, title, details, and its two actions. */
export function HistoryCard({
  entry,
  onRedownload,
  onDelete,
}: {
  entry: HistoryEntry;
  onRedownload?: (entry: HistoryEntry) => void;
  onDelete?: (entry: HistoryEntry) => void;
}) {
  const t = useTranslations('History');
  const common = useTranslations('Common');
  const format = useFormatter();
  const completed = entry.status === 'completed';
  const size =
    typeof entry.fileSize === 'number'
      ? sizeText(format.number, entry.fileSize, false, (size) => common('sizeUnder', { size }))
      : entry.fileSize || '—';

  return (
    <Card className="flex flex-col overflow-hidden" data-testid="history-card">
      <div className="relative aspect-video bg-muted">
        {entry.mediaInfo.thumbnail ? (
          // The picture comes through our thumbnail route, already fetched, checked and cached.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={entry.mediaInfo.thumbnail} alt="" loading="lazy" referrerPolicy="no-referrer" className="h-full w-full object-cover" />
        ) : (
          <ImageOff className="absolute inset-0 m-auto h-8 w-8 text-muted-foreground" aria-hidden />
        )}
        <span className="absolute start-2 top-2">
          <PlatformBadge platform={entry.mediaInfo.platform} otherLabel={t('otherPlatform')} />
        </span>
        <Badge
          className={cn(
            'absolute end-2 top-2 border-transparent shadow-sm',
            completed ? 'bg-success text-success-foreground' : 'bg-destructive text-destructive-foreground',
          )}
        >
          {completed ? <CheckCircle2 className="h-3 w-3" aria-hidden /> : <XCircle className="h-3 w-3" aria-hidden />}
          {completed ? t('statusCompleted') : t('statusFailed')}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="line-clamp-2 font-semibold leading-snug" title={entry.mediaInfo.title || t('untitled')}>
          {entry.mediaInfo.title || t('untitled')}
        </h3>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <dt className="sr-only">{t('downloadedAt')}</dt>
          <dd className="col-span-2">
            <time dateTime={entry.downloadedAt}>{format.dateTime(new Date(entry.downloadedAt), { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </dd>
          <dt className="sr-only">{t('fileSize')}</dt>
          <dd>{size}</dd>
          <dt className="sr-only">{t('quality')}</dt>
          <dd className="text-end">
            {qualityText(common, entry.quality, format.number)} · <span className="font-medium uppercase">{entry.format}</span>
          </dd>
        </dl>
        <div className="mt-auto flex gap-2">
          <Button variant="outline" size="sm" className="flex-1" onClick={() => onRedownload?.(entry)}>
            <Download className="h-4 w-4" aria-hidden />
            {t('redownload')}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="h-8 w-8 text-muted-foreground hover:text-destructive"
            onClick={() => onDelete?.(entry)}
            aria-label={t('delete', { title: entry.mediaInfo.title || t('untitled') })}
            data-testid="history-delete"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
    </Card>
  );
}
