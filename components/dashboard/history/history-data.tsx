'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { HISTORY_PAGE_SIZE } from '@/lib/history/page-size';
import type { HistoryList, Redownload } from '@/lib/history/schemas';
import { useRouter } from '@/lib/i18n/navigation';
import { HistoryPagination } from './history-pagination';
import type { HistoryEntry as ViewEntry, HistoryPlatformFilter } from './history-types';
import { HistoryView } from './history-view';

function historyKey(page: number, search: string, platform: HistoryPlatformFilter): string {
  const query = new URLSearchParams({ page: String(page), limit: String(HISTORY_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  if (platform !== 'all') query.set('platform', platform);
  return `/api/history?${query}`;
}

/** The history page's data: SWR on /api/history with the search (debounced) and platform, plus its actions. */
export function HistoryData() {
  const t = useTranslations('DashboardData');
  const router = useRouter();
  const describe = useErrorText('history');
  const [search, setSearch] = useState('');
  const [platform, setPlatform] = useState<HistoryPlatformFilter>('all');
  const [page, setPage] = useState(1);
  const key = historyKey(page, useDebouncedValue(search, 300), platform);
  // No deduping: a page seen a moment ago is asked again when shown again, so a delete on one page is reflected
  // in the counts of the others.
  const { data, error, isLoading, isValidating, mutate } = useSWR<HistoryList>(key, apiGet, { keepPreviousData: true, dedupingInterval: 0 });
  // Deleting the last card of the last page leaves it empty: step back to the page that now is the last.
  const lastPage = Math.max(1, data?.totalPages ?? 1);
  if (data && page > lastPage) setPage(lastPage);

  useEffect(() => {
    if (error) notifyError(t('error'), describe(error, t('historyLoadFailed')), error);
  }, [error, t, describe]);

  async function remove(entry: ViewEntry) {
    try {
      await apiRequest(`/api/history/${encodeURIComponent(entry._id)}`, { method: 'DELETE' });
      await mutate(
        (current) => current && { ...current, downloads: current.downloads.filter((d) => d._id !== entry._id), total: current.total - 1 },
        { revalidate: true },
      );
      notifySuccess(t('success'), t('historyDeleted'));
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('historyDeleteFailed')), cause);
    }
  }

  async function redownload(entry: ViewEntry) {
    try {
      const { path } = await apiRequest<Redownload>(`/api/history/${encodeURIComponent(entry._id)}/redownload`, { method: 'POST' });
      router.push(path);
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('redownloadFailed')), cause);
    }
  }

  // A new search or filter starts again from its first page.
  return (
    <div className="space-y-6">
      <HistoryView
        items={data?.downloads ?? []}
        loading={isLoading}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        onPlatform={(value) => {
          setPlatform(value);
          setPage(1);
        }}
        onRefresh={() => void mutate()}
        onDelete={(entry) => void remove(entry)}
        onRedownload={(entry) => void redownload(entry)}
      />
      <HistoryPagination page={page} totalPages={data?.totalPages ?? 0} disabled={isValidating} onPage={setPage} />
    </div>
  );
}
