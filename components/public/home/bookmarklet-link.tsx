'use client';

import { Bookmark } from '@/components/ui/icons';
import { useLocale } from 'next-intl';
import { useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { getPathname } from '@/lib/i18n/navigation';
import { bookmarkletCode } from '@/lib/share/bookmarklet';

/**
 * The bookmarklet to drag to the bookmarks bar. React refuses a `javascript:` href, so the code is set on the
 * element once mounted, from the address this page was served from (the visitor's own Grabline) in their
 * language. Clicked here it does nothing: it is meant for other pages.
 */
export function BookmarkletLink({ label }: { label: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const locale = useLocale();
  useEffect(() => {
    const page = new URL(getPathname({ href: '/download', locale }), window.location.origin);
    ref.current?.setAttribute('href', bookmarkletCode(page.href));
  }, [locale]);
  return (
    <a
      ref={ref}
      data-testid="bookmarklet"
      draggable
      onClick={(event) => event.preventDefault()}
      className={cn(buttonClasses('primary', 'md'), 'cursor-grab active:cursor-grabbing')}
    >
      <Bookmark className="h-4 w-4" aria-hidden />
      {label}
    </a>
  );
}
