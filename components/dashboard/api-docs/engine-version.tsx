'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { fetchData } from '@/components/dashboard-data/fetcher';

/** Which yt-dlp this server extracts with, read from /api/health when the page is shown (not when it was built). */
export function EngineVersion() {
  const t = useTranslations('ApiDocs');
  const { data, error } = useSWR<{ engine?: { version: string | null } }>('/api/health', fetchData, { revalidateOnFocus: false });
  if (!data && !error) return null;
  const version = data?.engine?.version;
  return (
    <p className="text-sm text-muted-foreground" data-testid="api-engine-version">
      {version ? t('engine', { version }) : t('engineUnknown')}
    </p>
  );
}
