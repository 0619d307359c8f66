'use client';

import { AlertTriangle } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { fetchData } from '@/components/dashboard-data/fetcher';

/**
 * A plain notice when this platform's canary has been failing on this server: users learn it before they try,
 * in their language, with the time it started (in their time zone).
 */
export function PlatformOutageBanner({ platform, label }: { platform: string; label: string }) {
  const t = useTranslations('Landing');
  const format = useFormatter();
  const { data } = useSWR<{ failingSince: string | null }>(`/api/platform-status?platform=${platform}`, fetchData, {
    revalidateOnFocus: false,
  });
  if (!data?.failingSince) return null;
  const since = new Date(data.failingSince);
  const sameDay = new Date().toDateString() === since.toDateString();
  const time = format.dateTime(since, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div role="status" data-testid="platform-outage" className="border-b border-amber-500/40 bg-amber-500/10">
      <p className="mx-auto flex max-w-3xl items-center justify-center gap-2 px-4 py-2 text-center text-sm">
        <AlertTriangle aria-hidden className="size-4 shrink-0 text-amber-600" />
        {t('outage', { platform: label, time })}
      </p>
    </div>
  );
}
