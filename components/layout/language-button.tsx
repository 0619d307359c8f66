'use client';

import { Languages } from '@/components/ui/icons';
import { useLocale, useTranslations } from 'next-intl';
import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import type { Locale } from '@/lib/i18n/routing';

/** The language menu's button: the current language, named with it for screen readers too. */
export const LanguageButton = forwardRef<HTMLButtonElement, ButtonProps>(function LanguageButton(props, ref) {
  const t = useTranslations('Header');
  const locale = useLocale() as Locale;
  return (
    <Button ref={ref} variant="ghost" size="sm" data-testid="language-switcher" aria-label={`${t('language')}: ${LOCALE_INFO[locale].name}`} {...props}>
      <Languages className="h-4 w-4" aria-hidden />
      <span className="hidden sm:inline">{LOCALE_INFO[locale].name}</span>
    </Button>
  );
});
