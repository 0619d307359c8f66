'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { DeferredMenuProps } from '@/components/ui/deferred-menu';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { Link } from '@/lib/i18n/navigation';
import { MobileNavButton } from './mobile-nav-button';
import { SITE_NAV_LINKS } from './site-nav-links';

/** Under 768 px the header's links fold into this menu. */
export default function MobileNavMenu({ defaultOpen, focusTrigger }: DeferredMenuProps) {
  const t = useTranslations('Header');
  const signedIn = useSignedIn();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MobileNavButton ref={trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        {SITE_NAV_LINKS.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href}>{t(link.label)}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={signedIn ? '/dashboard' : '/login'}>{signedIn ? t('myAccount') : t('signIn')}</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
