'use client';

import { ListVideo, Search } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { Button, buttonClasses } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import type { MediaInfo } from '@/lib/media/types';

type Entry = NonNullable<MediaInfo['entries']>[number];

/** A playlist or channel holds links, not a file: analyse one of them, or take them all to bulk download. */
export function EntryList({ entries, onAnalyze, busy }: { entries: Entry[]; onAnalyze: (url: string) => void; busy?: boolean }) {
  const t = useTranslations('MediaResult');
  return (
    <div className="grid gap-3" data-testid="entry-list">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{t('entriesCount', { count: entries.length })}</p>
        <Link href="/bulk" className={buttonClasses('outline', 'sm')} data-testid="entries-bulk">
          <ListVideo className="h-4 w-4" aria-hidden />
          {t('downloadAllBulk')}
        </Link>
      </div>
      <ol className="grid max-h-96 gap-1 overflow-y-auto rounded-md border p-1">
        {entries.map((entry, index) => (
          <li key={`${entry.url}-${index}`} className="flex items-center gap-3 rounded px-2 py-1.5 hover:bg-muted">
            <span className="w-6 shrink-0 text-end text-xs text-muted-foreground tabular-nums">{index + 1}</span>
            <span className="min-w-0 flex-1 truncate text-sm" dir="auto" title={entry.url}>
              {entry.title || entry.url}
            </span>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onAnalyze(entry.url)} data-testid="entry-analyze">
              <Search className="h-4 w-4" aria-hidden />
              {t('analyzeEntry')}
            </Button>
          </li>
        ))}
      </ol>
    </div>
  );
}
