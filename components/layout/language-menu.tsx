'use client';

import { useLocale } from 'next-intl';
import { useEffect, useRef, useTransition } from 'react';
import type { DeferredMenuProps } from '@/components/ui/deferred-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { LanguageButton } from './language-button';

/** Switches the interface language and stays on the same page (query string included). */
export default function LanguageMenu({ defaultOpen, focusTrigger }: DeferredMenuProps) {
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);

  function choose(next: string) {
    const target = next as Locale;
    window.localStorage.setItem('i18nextLng', target);
    startTransition(() => router.replace(`${pathname}${window.location.search}`, { locale: target }));
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton ref={trigger} disabled={pending} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={locale} onValueChange={choose}>
          {LOCALES.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code} data-testid={`locale-${code}`}>
              {LOCALE_INFO[code].name}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
