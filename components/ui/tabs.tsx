'use client';

import { useLocale } from 'next-intl';
import { createContext, forwardRef, useContext, useId, useState, type HTMLAttributes, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import type { Locale } from '@/lib/i18n/routing';

/**
 * Tabs as the WAI-ARIA tabs pattern, in the few lines the pages need (no menu library in every page's JavaScript):
 * one tab in the Tab order (the selected one), arrow keys move between tabs and select as they go, Home and End
 * jump to the ends, and in a right-to-left page the arrows follow the reading direction. The page's direction is
 * the default, so in Arabic the tabs, their arrow keys and their content are mirrored. Only the selected panel is
 * rendered. Markup and data attributes (`data-state="active"`, `data-orientation`) are those of Radix Tabs, which
 * these replace, so the styles are unchanged.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  dir: 'ltr' | 'rtl';
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const idFor = (baseId: string, part: 'trigger' | 'content', value: string) => `${baseId}-${part}-${value}`;

type TabsProps = Omit<HTMLAttributes<HTMLDivElement>, 'dir' | 'defaultValue'> & {
  defaultValue: string;
  /** The selected tab when the caller owns it (e.g. kept in the URL); without it the tabs keep their own. */
  value?: string;
  onValueChange?: (value: string) => void;
  dir?: 'ltr' | 'rtl';
};

export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs({ defaultValue, value: controlled, onValueChange, dir, ...props }, ref) {
  const locale = useLocale() as Locale;
  const [own, setValue] = useState(defaultValue);
  const value = controlled ?? own;
  const baseId = useId();
  const direction = dir ?? LOCALE_INFO[locale]?.dir ?? 'ltr';
  const select = (next: string) => {
    if (next === value) return;
    setValue(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value, select, dir: direction, baseId }}>
      <div ref={ref} dir={direction} data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
});

/** The enabled tabs of a list, in order. */
const tabsOf = (list: HTMLElement) => [...list.querySelectorAll<HTMLButtonElement>('[role=tab]:not([disabled])')];

export const TabsList = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function TabsList({ className, onKeyDown, ...props }, ref) {
  const { dir } = useTabs();
  function move(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    const tabs = tabsOf(event.currentTarget);
    const from = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (from < 0 || tabs.length === 0) return;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const to =
      event.key === forward ? (from + 1) % tabs.length
      : event.key === backward ? (from - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : -1;
    if (to < 0) return;
    event.preventDefault();
    tabs[to].focus();
  }
  return (
    <div
      ref={ref}
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      onKeyDown={move}
      className={cn('inline-flex items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
});

type TriggerProps = Omit<HTMLAttributes<HTMLButtonElement>, 'value'> & { value: string; disabled?: boolean };

export const TabsTrigger = forwardRef<HTMLButtonElement, TriggerProps>(function TabsTrigger({ value, disabled, className, ...props }, ref) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      id={idFor(tabs.baseId, 'trigger', value)}
      aria-selected={selected}
      aria-controls={idFor(tabs.baseId, 'content', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      // A press selects at once (as a menu library's tabs do); focus moved by the arrow keys selects too.
      onMouseDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) tabs.select(value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') tabs.select(value);
      }}
      onFocus={() => tabs.select(value)}
      className={cn(
        'inline-flex cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
});

type ContentProps = Omit<HTMLAttributes<HTMLDivElement>, 'value'> & { value: string };

export const TabsContent = forwardRef<HTMLDivElement, ContentProps>(function TabsContent({ value, className, ...props }, ref) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={idFor(tabs.baseId, 'content', value)}
      aria-labelledby={idFor(tabs.baseId, 'trigger', value)}
      data-state="active"
      data-orientation="horizontal"
      tabIndex={0}
      className={cn('mt-4 outline-none', className)}
      {...props}
    />
  );
});
