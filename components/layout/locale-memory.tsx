'use client';

import { useEffect } from 'react';

/** Caches the language in use in localStorage (i18nextLng); the proxy's cookie does the routing. */
export function LocaleMemory({ locale }: { locale: string }) {
  useEffect(() => {
    window.localStorage.setItem('i18nextLng', locale);
  }, [locale]);
  return null;
}
