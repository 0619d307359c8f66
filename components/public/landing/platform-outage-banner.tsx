'use client';

import { AlertTriangle } from '@/components/ui/icons';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { localTime } from '@/lib/client/local-time';

interface PlatformStatus {
  failingSince: string | null;
  pausedUntil: string | null;
}

/**
 * The platform's status, asked once: a public answer of two timestamps, read with a plain fetch (a data-fetching
 * library and the API client, about 7 KB gzipped, would be the landing page's heaviest script). Any failure shows
 * nothing, as before.
 */
function usePlatformStatus(platform: string): PlatformStatus | undefined {
  const [status, setStatus] = useState<PlatformStatus>();
  useEffect(() => {
    const stop = new AbortController();
    fetch(`/api/platform-status?platform=${encodeURIComponent(platform)}`, { credentials: 'same-origin', signal: stop.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ data?: PlatformStatus }>) : undefined))
      .then((body) => body?.data && setStatus(body.data), () => undefined);
    return () => stop.abort();
  }, [platform]);
  return status;
}

/**
 * A plain notice when this platform is paused (it pushed back on this server: when to try again) or its canary has
 * been failing here (since when): users learn it before they try, in their language, with the time in their own
 * time zone. Rendered only in the browser, after the status arrives.
 */
export function PlatformOutageBanner({ platform, label }: { platform: string; label: string }) {
  const t = useTranslations('Landing');
  const locale = useLocale();
  const data = usePlatformStatus(platform);
  const paused = data?.pausedUntil ? localTime(data.pausedUntil, locale) : null;
  const failing = data?.failingSince ? localTime(data.failingSince, locale) : null;
  if (!paused && !failing) return null;
  return (
    <div role="status" data-testid="platform-outage" className="border-b border-amber-500/40 bg-amber-500/10">
      <p className="mx-auto flex max-w-3xl items-center justify-center gap-2 px-4 py-2 text-center text-sm">
        <AlertTriangle aria-hidden className="size-4 shrink-0 text-amber-600" />
        {paused ? t('paused', { platform: label, time: paused }) : t('outage', { platform: label, time: failing ?? '' })}
      </p>
    </div>
  );
}
