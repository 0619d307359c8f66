'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { HistoryCard } from './history-card';
import { HistoryEmpty, HistorySkeletonGrid } from './history-placeholders';
import { HistoryToolbar } from './history-toolbar';
import type { HistoryEntry, HistoryPlatformFilter } from './history-types';

/**
 * The history screen below its heading. It owns only the search text and the filter (to choose the empty hint);
 * fetching belongs to the caller: `onSearch` fires on every keystroke (debounce there), `onPlatform` with 'all'
 * meaning "no platform parameter".
 */
export function HistoryView({
  items,
  loading,
  onSearch,
  onPlatform,
  onRefresh,
  onDelete,
  onRedownload,
}: {
  items: HistoryEntry[];
  loading: boolean;
  onSearch?: (search: string) => void;
  onPlatform?: (platform: HistoryPlatformFilter) => void;
  onRefresh?: () => void;
  onDelete?: (entry: HistoryEntry) => void;
  onRedownload?: (entry: HistoryEntry) => void;
}) {
  const t = useTranslations('History');
  const [search, setSearch] = useState('');
  const [platform, setPlatform] = useState<HistoryPlatformFilter>('all');
  const filtered = search.trim() !== '' || platform !== 'all';

  return (
    <div className="space-y-6">
      <HistoryToolbar
        search={search}
        platform={platform}
        loading={loading}
        onSearch={(value) => {
          setSearch(value);
          onSearch?.(value);
        }}
        onPlatform={(value) => {
          setPlatform(value);
          onPlatform?.(value);
        }}
        onRefresh={onRefresh}
      />
      {loading ? (
        <HistorySkeletonGrid label={t('loading')} />
      ) : items.length === 0 ? (
        <HistoryEmpty title={t('emptyTitle')} hint={filtered ? t('emptyFiltered') : t('emptyStart')} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((entry) => (
            <HistoryCard key={entry._id} entry={entry} onDelete={onDelete} onRedownload={onRedownload} />
          ))}
        </div>
      )}
    </div>
  );
}
