'use client';

import { Bookmark } from '@/components/ui/icons';
import { useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * The bookmarklet to drag to the bookmarks bar. React refuses a `javascript:` href, so the code is set on the
 * element once mounted, from the address this page was served from (the visitor's own Grabline) and the download
 * page's path in their language (`downloadPath`, from the server). Clicked here it does nothing: it is meant for
 * other pages.
 */
export function BookmarkletLink({ label, downloadPath }: { label: string; downloadPath: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const page = new URL(downloadPath, window.location.origin);
    // The code that writes it is fetched after the page has loaded: nothing here is needed before that.
    void import('@/lib/share/bookmarklet').then(({ bookmarkletCode }) => ref.current?.setAttribute('href', bookmarkletCode(page.href)));
  }, [downloadPath]);
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
