'use client';

import { RefreshCw, Search } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Input } from '@/components/ui/input';
import { platformLabel } from '@/lib/platform-labels';
import { HISTORY_PLATFORMS, type HistoryPlatformFilter } from './history-types';

const labelOf = (platform: string) => platformLabel(platform)?.replace('/X', '');

/** Search box, platform filter and Refresh, in one row from small screens up. */
export function HistoryToolbar({
  search,
  platform,
  loading,
  onSearch,
  onPlatform,
  onRefresh,
}: {
  search: string;
  platform: HistoryPlatformFilter;
  loading: boolean;
  onSearch: (value: string) => void;
  onPlatform: (value: HistoryPlatformFilter) => void;
  onRefresh?: () => void;
}) {
  const t = useTranslations('History');
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchLabel')}
          className="ps-9"
          data-testid="history-search"
        />
      </div>
      <div className="flex gap-3">
        <ChoiceSelect
          value={platform}
          onValueChange={(value) => onPlatform(value as HistoryPlatformFilter)}
          className="w-full whitespace-nowrap sm:w-auto sm:min-w-44"
          aria-label={t('platformLabel')}
          testId="history-platform"
          choices={HISTORY_PLATFORMS.map((value) => ({ value, label: value === 'all' ? t('allPlatforms') : labelOf(value) }))}
        />
        <Button variant="outline" onClick={onRefresh} disabled={loading} data-testid="history-refresh">
          <RefreshCw className={loading ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
          {t('refresh')}
        </Button>
      </div>
    </div>
  );
}
