'use client';

import { Moon, Sun } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** The theme menu's button: a sun in light mode, a moon in dark mode. */
export const ThemeButton = forwardRef<HTMLButtonElement, ButtonProps>(function ThemeButton(props, ref) {
  const t = useTranslations('Theme');
  return (
    <Button ref={ref} variant="ghost" size="icon" data-testid="theme-toggle" {...props}>
      <Sun className="h-5 w-5 dark:hidden" aria-hidden />
      <Moon className="hidden h-5 w-5 dark:block" aria-hidden />
      <span className="sr-only">{t('toggle')}</span>
    </Button>
  );
});
