'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { OPENING_KEYS, useDeferredCode } from '@/components/ui/deferred-menu';
import { ChevronDown } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/client/use-hydrated';
import type { ChoiceSelectProps } from './choice-select-menu';
import { SELECT_TRIGGER_CLASSES } from './select-trigger';

export type { Choice, ChoiceSelectProps } from './choice-select-menu';

const loadMenu = () => import('./choice-select-menu');

/**
 * The site's one select, for a short list of choices: the custom (Radix) menu every other select uses, in the
 * page's direction, with the browser's form field kept (`name`) so a form's data carries the choice. `id` goes
 * on the trigger, so a `<label htmlFor>` names it. Values are non-empty strings; `placeholder` shows while none is
 * chosen.
 *
 * The menu's code (the select primitive, its positioning, focus trap and scroll lock) is fetched when the visitor
 * shows intent — pointer over the select, focus, a touch — not with the page. Until then a stand-in shows the same
 * closed select (its choice, or the placeholder, and the chevron), named and described as the real one, with the
 * choice in a hidden form field; a press before the code arrives opens the list as soon as it does, and a focused
 * stand-in keeps it until the real trigger takes it. Before hydration it is disabled, so an early tap is never lost.
 */
export function ChoiceSelect(props: ChoiceSelectProps) {
  const [stage, setStage] = useState({ open: false, focused: false });
  const [Full, fetchFull] = useDeferredCode(loadMenu);
  const live = useHydrated();
  // The list the real trigger controls once it exists (as the real one names its list's id while it is closed).
  const listId = useId();
  const want = (change: Partial<typeof stage>) => {
    setStage((s) => ({ ...s, ...change }));
    fetchFull();
  };
  const { id, name, value, defaultValue, choices, disabled, placeholder, className, testId } = props;
  const chosen = value ?? defaultValue;
  const label = choices.find((choice) => choice.value === chosen)?.label;
  const standIn = (
    <>
      <button
        type="button"
        role="combobox"
        aria-controls={listId}
        aria-expanded={false}
        aria-autocomplete="none"
        aria-label={props['aria-label']}
        aria-describedby={props['aria-describedby']}
        id={id}
        data-testid={testId}
        data-state="closed"
        data-placeholder={label === undefined ? '' : undefined}
        disabled={disabled || !live}
        className={cn(SELECT_TRIGGER_CLASSES, 'text-start', className)}
        onPointerEnter={() => want({})}
        onFocus={() => want({ focused: true })}
        onBlur={() => setStage((s) => ({ ...s, focused: false }))}
        onPointerDown={(event) => {
          if (event.button === 0 && !event.ctrlKey) want({ open: true });
        }}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          want({ open: true });
        }}
      >
        <span style={{ pointerEvents: 'none' }}>{label ?? placeholder}</span>
        <ChevronDown className="h-4 w-4 opacity-60" aria-hidden />
      </button>
      {name && chosen !== undefined ? <input type="hidden" name={name} value={chosen} disabled={disabled} /> : null}
    </>
  );
  if (!Full) return standIn;
  return <Full {...props} defaultOpen={stage.open} focusTrigger={stage.focused && !stage.open} />;
}
