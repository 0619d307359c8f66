'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { platformLabel } from '@/lib/platform-labels';
import { localTime } from './local-time';

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
  return useCallback((code, details) => platformNoticeText(t, locale, code, details), [locale, t]);
}

/** `usePlatformNotice`'s sentence without React: `t` translates in namespace "Analyze". */
export function platformNoticeText(
  t: (key: string, values: Record<string, string>) => string,
  locale: string,
  code: string | undefined,
  details: PlatformDetails | undefined,
): string | null {
  const label = typeof details?.platform === 'string' ? platformLabel(details.platform) : undefined;
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
}
