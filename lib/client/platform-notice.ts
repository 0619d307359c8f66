'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { PLATFORM_PAGES } from '@/lib/platform-pages';
import { localTime } from './local-time';

const LABELS: Record<string, string> = Object.fromEntries(PLATFORM_PAGES.map((page) => [page.platform, page.label]));

/** What a failed analysis' details say about its platform (lib/errors.ts publicDetails). */
export interface PlatformDetails {
  platform?: unknown;
  retryAt?: unknown;
  failingSince?: unknown;
}

/**
 * The sentence a failed analysis adds about its platform, in the visitor's language and time zone: until when a
 * platform that pushed back is paused ("… Try again at 14:35."), or since when its downloads have been failing on
 * this server. Null when the failure says neither.
 */
export function usePlatformNotice(): (code: string | undefined, details: PlatformDetails | undefined) => string | null {
  const t = useTranslations('Analyze');
  const locale = useLocale();
  return useCallback(
    (code, details) => {
      const label = typeof details?.platform === 'string' ? LABELS[details.platform] : undefined;
      if (!label) return null;
      if (code === 'platform_paused' && typeof details?.retryAt === 'string') {
        const time = localTime(details.retryAt, locale);
        if (time) return t('platformPaused', { platform: label, time });
      }
      if (typeof details?.failingSince === 'string') {
        const time = localTime(details.failingSince, locale);
        if (time) return t('platformOutage', { platform: label, time });
      }
      return null;
    },
    [locale, t],
  );
}
