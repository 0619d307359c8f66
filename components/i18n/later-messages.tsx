'use client';

import { NextIntlClientProvider, useLocale, useMessages, useTimeZone, type AbstractIntlMessages } from 'next-intl';
import { use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchTexts, LaterContext, useLaterMessages, type Later } from '@/lib/client/later-texts';

export { useLaterMessages };

/** Provides the page's later texts: fetched from `src` on demand, or (src null) brought by the page. */
export function LaterMessages({ src, children }: { src: string | null; children: ReactNode }) {
  const base = useMessages();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [extra, setExtra] = useState<AbstractIntlMessages | null>(null);
  const ensuring = useRef<Promise<void> | null>(null);
  const ensure = useCallback(() => {
    if (!src) return Promise.resolve();
    ensuring.current ??= fetchTexts(src).then((texts) => {
      if (texts) setExtra(texts);
    });
    return ensuring.current;
  }, [src]);
  const later = useMemo<Later>(() => ({ fetches: src !== null, ensure }), [src, ensure]);
  const messages = useMemo(() => (extra ? { ...base, ...extra } : base), [base, extra]);
  return (
    <LaterContext value={later}>
      {/* The settings of the provider around it; no fixed `now` (it sets none either, so relative times stay live). */}
      <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
        {children}
      </NextIntlClientProvider>
    </LaterContext>
  );
}

/**
 * Renders its children once the later texts are in use, suspending until then (put it inside a Suspense boundary;
 * on a page that brought them it renders at once).
 */
export function WithLaterMessages({ children }: { children: ReactNode }) {
  const { fetches, ensure } = useLaterMessages();
  // The same promise on every render (settled ones do not suspend again). Only in the browser: the server renders
  // these parts only on pages that brought their texts.
  if (fetches && typeof window !== 'undefined') use(ensure());
  return children;
}
