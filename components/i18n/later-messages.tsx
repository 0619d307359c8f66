'use client';

import { NextIntlClientProvider, useLocale, useMessages, useNow, useTimeZone, type AbstractIntlMessages } from 'next-intl';
import { createContext, use, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * The texts of what a visitor's actions show (the result card, the bulk list, error lines) on pages whose first
 * view needs none of them: fetched once, when the code that reads them is (an analysis starts, the Bulk tab opens),
 * and merged into the texts the page brought. `src` null: the page brought them itself.
 */
interface Later {
  /** The texts are here (always, when the page brought them). */
  ready: boolean;
  /** Fetches them (once) and resolves when they are in use; never rejects: without them a screen shows keys. */
  ensure(): Promise<void>;
}

const LaterContext = createContext<Later>({ ready: true, ensure: () => Promise.resolve() });

const fetched = new Map<string, Promise<AbstractIntlMessages | null>>();

/** One fetch per address; a failed one is tried once more after a second, then given up (null). */
function fetchTexts(src: string): Promise<AbstractIntlMessages | null> {
  let pending = fetched.get(src);
  if (!pending) {
    const once = () =>
      fetch(src, { credentials: 'same-origin' }).then((res) => {
        if (!res.ok) throw new Error(`${src}: ${res.status}`);
        return res.json() as Promise<AbstractIntlMessages>;
      });
    pending = once()
      .catch(() => new Promise<AbstractIntlMessages>((resolve, reject) => setTimeout(() => once().then(resolve, reject), 1000)))
      .catch((error: unknown) => {
        console.error('[i18n] texts could not be fetched', error);
        fetched.delete(src);
        return null;
      });
    fetched.set(src, pending);
  }
  return pending;
}

export function LaterMessages({ src, children }: { src: string | null; children: ReactNode }) {
  const base = useMessages();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const now = useNow();
  const [extra, setExtra] = useState<AbstractIntlMessages | null>(null);
  const [failed, setFailed] = useState(false);
  const ensuring = useRef<Promise<void> | null>(null);
  const ensure = useCallback(() => {
    if (!src) return Promise.resolve();
    ensuring.current ??= fetchTexts(src).then((texts) => {
      if (texts) setExtra(texts);
      else {
        // Shown with keys rather than held back; the next ensure() (another analysis…) tries again.
        setFailed(true);
        ensuring.current = null;
      }
    });
    return ensuring.current;
  }, [src]);
  const later = useMemo<Later>(() => ({ ready: !src || extra !== null || failed, ensure }), [src, extra, failed, ensure]);
  const messages = useMemo(() => (extra ? { ...base, ...extra } : base), [base, extra]);
  return (
    <LaterContext value={later}>
      <NextIntlClientProvider locale={locale} timeZone={timeZone} now={now} messages={messages}>
        {children}
      </NextIntlClientProvider>
    </LaterContext>
  );
}

export const useLaterMessages = () => useContext(LaterContext);

/**
 * Renders its children once the later texts are in use, suspending until then (put it inside a Suspense boundary;
 * on a page that brought them it renders at once).
 */
export function WithLaterMessages({ children }: { children: ReactNode }) {
  const { ready, ensure } = useLaterMessages();
  // Only in the browser: the server renders these parts only on pages that brought their texts.
  if (!ready && typeof window !== 'undefined') use(ensure());
  return children;
}
