import { defineRouting } from 'next-intl/routing';

export const LOCALES = ['en', 'ar', 'ar-EG', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: 'en',
  // English keeps bare paths (/download); the others are prefixed (/ar/download).
  localePrefix: 'as-needed',
  // The stored choice: the proxy reads it after the path and before Accept-Language.
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365 },
});
