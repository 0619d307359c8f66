'use client';

import { Languages } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
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

/** Switches the interface language and stays on the same page (query string included). */
export function LanguageSwitcher() {
  const t = useTranslations('Header');
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(next: string) {
    const target = next as Locale;
    window.localStorage.setItem('i18nextLng', target);
    startTransition(() => router.replace(`${pathname}${window.location.search}`, { locale: target }));
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" disabled={pending} data-testid="language-switcher" aria-label={`${t('language')}: ${LOCALE_INFO[locale].name}`}>
          <Languages className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">{LOCALE_INFO[locale].name}</span>
        </Button>
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
