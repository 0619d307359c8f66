'use client';

import { useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent } from 'react';
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

export const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A component whose code is fetched when first asked for (`fetchCode`), and held once it is there. Until then the
 * caller keeps drawing its stand-in in the same place, so a stand-in that has the focus keeps it while the code
 * loads (a Suspense fallback would be another element, and the focus would fall to the page meanwhile). A failed
 * fetch may be asked for again.
 */
export function useDeferredCode<C>(load: () => Promise<{ default: C }>): [C | undefined, () => void] {
  const [code, setCode] = useState<C | undefined>(undefined);
  const asked = useRef(false);
  function fetchCode() {
    if (asked.current) return;
    asked.current = true;
    load().then(
      (loaded) => setCode(() => loaded.default),
      () => {
        asked.current = false;
      },
    );
  }
  return [code, fetchCode];
}

/**
 * A dropdown whose menu code (the menu primitive, its positioning, focus trap and scroll lock) is fetched when the
 * visitor shows intent — pointer over the button, focus, a touch — instead of with every page. Until then its button
 * stands alone, the same to see and to hear; a press before the code arrives opens the menu as soon as it does, and
 * a focused button hands its focus to the real one. Before the page is hydrated its handlers are not attached yet:
 * the button is disabled (and looks it) until they are, so an early tap is never silently swallowed. A menu with
 * props of its own (`P`: what it lists, what its button shows) gets them on both the stand-in and the full menu.
 */
export function deferMenu<P extends object = Record<never, never>>(
  load: () => Promise<{ default: ComponentType<DeferredMenuProps & P> }>,
  Button: ComponentType<MenuButtonProps & P>,
) {
  return function DeferredMenu(props: P) {
    const [stage, setStage] = useState({ open: false, focused: false });
    const [Full, fetchFull] = useDeferredCode(load);
    const live = useHydrated();
    const want = (change: Partial<typeof stage>) => {
      setStage((s) => ({ ...s, ...change }));
      fetchFull();
    };
    const standIn = (
      <Button
        {...props}
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
    if (!Full) return standIn;
    return <Full {...props} defaultOpen={stage.open} focusTrigger={stage.focused && !stage.open} />;
  };
}
