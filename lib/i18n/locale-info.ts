import type { Locale } from './routing';

/** Facts about each interface language that the layout needs (direction, font, names). */
export const LOCALE_INFO: Record<Locale, { dir: 'ltr' | 'rtl'; font: 'font-arabic' | 'font-latin'; name: string; ogLocale: string }> = {
  en: { dir: 'ltr', font: 'font-latin', name: 'English', ogLocale: 'en_US' },
  ar: { dir: 'rtl', font: 'font-arabic', name: 'العربية', ogLocale: 'ar_AR' },
  'ar-EG': { dir: 'rtl', font: 'font-arabic', name: 'مصري', ogLocale: 'ar_EG' },
  fr: { dir: 'ltr', font: 'font-latin', name: 'Français', ogLocale: 'fr_FR' },
};
