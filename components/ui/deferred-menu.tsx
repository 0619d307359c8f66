'use client';

import { lazy, Suspense, useState, type ComponentType, type KeyboardEvent, type PointerEvent } from 'react';
import { useHydrated } from '@/lib/client/use-hydrated';

/** What a deferred menu's full component is told: open at once (it was pressed), or take focus onto its button. */
export interface DeferredMenuProps {
  defaultOpen?: boolean;
  focusTrigger?: boolean;
}

/** The props the stand-in button takes on top of its own: what the full menu's trigger would carry. */
export interface MenuButtonProps {
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  disabled?: boolean;
  onPointerEnter?: () => void;
  onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onFocus?: () => void;
  onBlur?: () => void;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A dropdown whose menu code (the menu primitive, its positioning, focus trap and scroll lock) is fetched when the
 * visitor shows intent — pointer over the button, focus, a touch — instead of with every page. Until then its button
 * stands alone, the same to see and to hear; a press before the code arrives opens the menu as soon as it does, and
 * a focused button hands its focus to the real one. Before the page is hydrated its handlers are not attached yet:
 * the button is disabled (and looks it) until they are, so an early tap is never silently swallowed.
 */
export function deferMenu(load: () => Promise<{ default: ComponentType<DeferredMenuProps> }>, Button: ComponentType<MenuButtonProps>) {
  const Full = lazy(load);
  return function DeferredMenu() {
    const [stage, setStage] = useState({ load: false, open: false, focused: false });
    const live = useHydrated();
    const want = (change: Partial<typeof stage>) => setStage((s) => ({ ...s, load: true, ...change }));
    const standIn = (
      <Button
        aria-haspopup="menu"
        aria-expanded={false}
        disabled={!live}
        onPointerEnter={() => want({})}
        onFocus={() => want({ focused: true })}
        onBlur={() => setStage((s) => ({ ...s, focused: false }))}
        onPointerDown={(event) => {
          if (event.button === 0 && !event.ctrlKey) want({ open: true });
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          want({ open: true });
        }}
      />
    );
    if (!stage.load) return standIn;
    return (
      <Suspense fallback={standIn}>
        <Full defaultOpen={stage.open} focusTrigger={stage.focused && !stage.open} />
      </Suspense>
    );
  };
}
