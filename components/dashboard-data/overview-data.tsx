'use client';

import useSWR from 'swr';
import { OverviewStats } from '@/components/dashboard/overview-stats';
import type { Overview } from '@/lib/history/schemas';
import { fetchData } from './fetcher';

/** The overview's figures from /api/dashboard/overview; until they arrive (or if they fail) each card shows a dash. */
export function OverviewData() {
  const { data } = useSWR<Overview>('/api/dashboard/overview', fetchData);
  return (
    <OverviewStats
      figures={
        data && {
          downloadsThisWeek: data.downloadsThisWeek,
          successRate: data.successRate ?? undefined,
          ...data.apiUsage,
        }
      }
    />
  );
}
