'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, type ClipboardEvent } from 'react';
import { toast } from '@/lib/client/use-toast';

/** A pasted link starts its own analysis half a second later, time enough to see what was pasted. */
export const AUTO_ANALYZE_DELAY_MS = 500;

const looksLikeLink = (text: string) => /http|www/i.test(text);

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/**
 * The paste button and the page-wide Ctrl/⌘+V: read the clipboard into the box and, when it holds a link,
 * analyse it. A native paste into the box itself only needs the analysis scheduled (`pastedIntoBox`); native
 * paste inside any other field is left alone.
 */
export function useClipboardPaste({
  onPasted,
  onAnalyze,
  disabled,
}: {
  onPasted: (text: string) => void;
  onAnalyze: (url: string) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('Analyze');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The listener is installed once; these refs let it see the latest props.
  const latest = useRef({ onPasted, onAnalyze, disabled });
  useEffect(() => {
    latest.current = { onPasted, onAnalyze, disabled };
  });

  const scheduleAnalysis = useCallback((text: string) => {
    clearTimeout(timer.current);
    if (!looksLikeLink(text)) return;
    timer.current = setTimeout(() => {
      if (!latest.current.disabled) latest.current.onAnalyze(text);
    }, AUTO_ANALYZE_DELAY_MS);
  }, []);

  const paste = useCallback(
    async (source: 'button' | 'shortcut') => {
      let text: string;
      try {
        text = await navigator.clipboard.readText();
      } catch {
        const description = source === 'button' ? t('pasteFailedBody') : t('pasteShortcutFailed');
        toast({ title: t('pasteFailedTitle'), description, variant: 'destructive', duration: 3000 });
        return;
      }
      const trimmed = text.trim();
      if (!trimmed) return;
      latest.current.onPasted(trimmed);
      toast({ title: t('pasted'), duration: 2000 });
      scheduleAnalysis(trimmed);
    },
    [t, scheduleAnalysis],
  );

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== 'v' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (latest.current.disabled || isEditable(event.target)) return;
      event.preventDefault();
      void paste('shortcut');
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer.current);
    };
  }, [paste]);

  /** The box's own paste event: when the pasted text is all the box will hold, it is analysed like any paste. */
  const pastedIntoBox = useCallback(
    (event: ClipboardEvent<HTMLInputElement>) => {
      const box = event.currentTarget;
      const replacesAll = box.value === '' || (box.selectionStart === 0 && box.selectionEnd === box.value.length);
      const text = event.clipboardData.getData('text').trim();
      if (replacesAll && text) scheduleAnalysis(text);
    },
    [scheduleAnalysis],
  );

  return { paste, pastedIntoBox };
}
