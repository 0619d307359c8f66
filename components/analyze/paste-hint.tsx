'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { PLATFORM_NAMES } from '@/lib/platform-names';

const noop = () => () => {};
const isApple = () => /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);

/**
 * "⌘V / Ctrl+V anywhere to paste" (not on touch screens) and the platforms we name; the server renders Ctrl+V, a
 * Mac swaps in ⌘V.
 */
export function PasteHint() {
  const t = useTranslations('Analyze');
  const apple = useSyncExternalStore(noop, isApple, () => false);
  // A neutral separator: Intl's Arabic lists glue "و" onto the next (Latin) brand name.
  const platforms = PLATFORM_NAMES.join(' · ');
  return (
    <p className="mt-2 text-xs text-muted-foreground" data-testid="analyze-hint">
      {/* A keyboard shortcut means nothing on a touch screen or a phone-sized one: there only the platforms are named. */}
      <span className="max-sm:hidden pointer-coarse:hidden" data-testid="analyze-shortcut-hint">
        {t.rich('hint', {
          shortcut: apple ? '⌘V' : 'Ctrl+V',
          kbd: (chunks) => (
            <kbd className="rounded border bg-muted px-1.5 py-0.5 font-sans text-[0.7rem] font-medium" dir="ltr">
              {chunks}
            </kbd>
          ),
        })}{' '}
      </span>
      {t('supports', { platforms })}
    </p>
  );
}
