'use client';

import { Menu } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** The folded header menu's button, shown under 768 px. */
export const MobileNavButton = forwardRef<HTMLButtonElement, ButtonProps>(function MobileNavButton(props, ref) {
  const t = useTranslations('Header');
  return (
    <Button ref={ref} variant="ghost" size="icon" className="md:hidden" aria-label={t('menu')} data-testid="mobile-nav" {...props}>
      <Menu className="h-5 w-5" aria-hidden />
    </Button>
  );
});
