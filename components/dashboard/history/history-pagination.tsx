'use client';

import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** Previous / Next under the grid, shown only when the history holds more than one page. */
export function HistoryPagination({
  page,
  totalPages,
  disabled = false,
  onPage,
}: {
  page: number;
  totalPages: number;
  disabled?: boolean;
  onPage: (page: number) => void;
}) {
  const t = useTranslations('History');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pagination')} className="flex items-center justify-center gap-3" data-testid="history-pagination">
      <Button variant="outline" size="sm" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)} data-testid="history-previous">
        <ChevronLeft className="h-4 w-4 rtl:rotate-180" aria-hidden />
        {t('previous')}
      </Button>
      <span className="text-sm tabular-nums text-muted-foreground" aria-live="polite">
        {t('pageOf', { page, total: totalPages })}
      </span>
      <Button variant="outline" size="sm" disabled={disabled || page >= totalPages} onClick={() => onPage(page + 1)} data-testid="history-next">
        {t('next')}
        <ChevronRight className="h-4 w-4 rtl:rotate-180" aria-hidden />
      </Button>
    </nav>
  );
}
