'use client';

import { History, RotateCcw } from '@/components/ui/icons';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { Seen } from '@/lib/history/schemas';
import { qualityText } from '@/lib/client/format-media';

/**
 * The day of a past download in the visitor's language and their own time zone (the browser's, not the server's):
 * "3 May", with the year only when it is not this year.
 */
export function downloadDay(iso: string, locale: string, now: Date = new Date()): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const thisYear = at.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', ...(thisYear ? {} : { year: 'numeric' }) }).format(at);
}

/**
 * "You downloaded this on 3 May — 1080p MP4", and Re-download when the same quality and format is on offer.
 * The quality and format stay left-to-right inside a right-to-left sentence.
 */
export function AlreadyDownloadedLine({
  seen,
  onRedownload,
  busy,
}: {
  seen: NonNullable<Seen['seen']>;
  onRedownload?: () => void;
  busy?: boolean;
}) {
  const t = useTranslations('MediaResult');
  const common = useTranslations('Common');
  const locale = useLocale();
  const date = downloadDay(seen.downloadedAt, locale) ?? '';
  const what = `${qualityText(common, seen.quality)} ${seen.format.toUpperCase()}`;
  return (
    <div
      data-testid="already-downloaded"
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-input bg-muted/40 px-3 py-2 text-sm"
    >
      <History className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      <span data-testid="already-downloaded-text" className="min-w-0 flex-1 text-start">
        {t.rich('alreadyDownloaded', {
          date,
          what,
          ltr: (chunks) => <bdi dir="ltr" className="whitespace-nowrap">{chunks}</bdi>,
        })}
      </span>
      {onRedownload ? (
        <Button
          variant="outline"
          size="sm"
          data-testid="redownload-button"
          aria-disabled={busy || undefined}
          className="ms-auto aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          onClick={() => {
            if (!busy) onRedownload();
          }}
        >
          <RotateCcw className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('redownload')}
        </Button>
      ) : null}
    </div>
  );
}
