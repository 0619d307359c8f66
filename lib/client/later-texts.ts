'use client';

import type { AbstractIntlMessages } from 'next-intl';
import { createContext, useContext } from 'react';

/**
 * The texts of what a visitor's actions show (the result card, the bulk list, error lines) on pages whose first
 * view needs none of them: fetched once, when the code that reads them is (an analysis starts, the Bulk tab opens),
 * and merged into the texts the page brought (components/i18n/later-messages.tsx provides them; this is what the
 * hooks and that provider share).
 */
export interface Later {
  /** The page fetches them (false: it brought them itself). */
  fetches: boolean;
  /**
   * Fetches them (once for the page) and resolves when they are in use — always the same promise. Never rejects:
   * texts that cannot be fetched (tried twice) leave the parts shown with keys rather than held back.
   */
  ensure(): Promise<void>;
}

export const LaterContext = createContext<Later>({ fetches: false, ensure: () => Promise.resolve() });

const fetched = new Map<string, Promise<AbstractIntlMessages | null>>();

/** One fetch per address; a failed one is tried once more after a second, then given up (null). */
export function fetchTexts(src: string): Promise<AbstractIntlMessages | null> {
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

/** The later texts of the page around (components/i18n/later-messages.tsx provides them). */
export const useLaterMessages = () => useContext(LaterContext);
