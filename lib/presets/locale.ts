import { LOCALES, routing, type Locale } from '@/lib/i18n/routing';

const exact = (tag: string | undefined): Locale | undefined =>
  LOCALES.find((locale) => locale.toLowerCase() === tag?.trim().toLowerCase());

/** A browser's Accept-Language is a few dozen characters and tags; past these a header is read no further. */
const MAX_ACCEPT_LANGUAGE = 1024;
const MAX_ACCEPT_LANGUAGE_TAGS = 32;

/** An Accept-Language header's first tag we have an interface for, by the whole tag (ar-EG) else its language (fr-CA → fr). */
function fromAcceptLanguage(header: string | null): Locale | undefined {
  const tags = (header ?? '')
    .slice(0, MAX_ACCEPT_LANGUAGE)
    .split(',', MAX_ACCEPT_LANGUAGE_TAGS)
    .map((part) => part.split(';')[0].trim())
    .filter((tag) => tag && tag !== '*');
  for (const tag of tags) {
    const found = exact(tag) ?? exact(tag.split('-')[0]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The interface language of a request, for what the server names on a user's behalf: the one the page says it
 * shows, else the stored choice (NEXT_LOCALE cookie), else the first of Accept-Language we have, else English.
 */
export function requestLocale(headers: Headers, asked?: string): Locale {
  const cookie = /(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(headers.get('cookie') ?? '')?.[1];
  return exact(asked) ?? exact(cookie && decodedOrNone(cookie)) ?? fromAcceptLanguage(headers.get('accept-language')) ?? routing.defaultLocale;
}

/** A cookie is whatever the caller wrote: one that is not valid percent-encoding names no language. */
function decodedOrNone(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
