'use client';

import { useLocale } from 'next-intl';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import type { Locale } from '@/lib/i18n/routing';

/** The page's reading direction, from its interface language (the one `<html dir>` carries). */
export function useDirection(): 'ltr' | 'rtl' {
  return LOCALE_INFO[useLocale() as Locale]?.dir ?? 'ltr';
}
