import { createHash } from 'node:crypto';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LaterMessages } from './later-messages';
import { CLIENT_NAMESPACES, pickMessages, type ClientArea } from './pick-messages';

type Props = {
  area: Exclude<ClientArea, 'later'>;
  /**
   * The public area only: `inline` hands the texts of what the visitor's actions show (CLIENT_NAMESPACES.later)
   * over in the page, for pages that show them at once (/download, /bulk, creator pages); by default they are
   * fetched when the code that reads them is (the home and landing pages, where most visits read and leave).
   */
  later?: 'inline' | 'fetched';
  children: ReactNode;
};

/** `/messages/{locale}.later.json?v=…`, named by a digest of its texts so it can be cached for good (a process's texts never change). */
const laterUrls = new Map<string, string>();
function laterUrl(locale: string, texts: AbstractIntlMessages): string {
  let url = laterUrls.get(locale);
  if (!url) {
    url = `/messages/${locale}.later.json?v=${createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 10)}`;
    laterUrls.set(locale, url);
  }
  return url;
}

/**
 * Hands the client islands below it the texts of their area only (see CLIENT_NAMESPACES). A provider replaces the
 * one around it, so every area carries the shell's texts too (the dashboard's top bar has the language menu).
 */
export async function ClientMessages({ area, later = 'fetched', children }: Props) {
  const messages = await getMessages();
  const paths = area === 'shell' ? CLIENT_NAMESPACES.shell : [...CLIENT_NAMESPACES.shell, ...CLIENT_NAMESPACES[area]];
  if (area !== 'public') return <NextIntlClientProvider messages={pickMessages(messages, paths)}>{children}</NextIntlClientProvider>;
  if (later === 'inline') {
    return (
      <NextIntlClientProvider messages={pickMessages(messages, [...paths, ...CLIENT_NAMESPACES.later])}>
        <LaterMessages src={null}>{children}</LaterMessages>
      </NextIntlClientProvider>
    );
  }
  const src = laterUrl(await getLocale(), pickMessages(messages, CLIENT_NAMESPACES.later));
  return (
    <NextIntlClientProvider messages={pickMessages(messages, paths)}>
      <LaterMessages src={src}>{children}</LaterMessages>
    </NextIntlClientProvider>
  );
}

/**
 * The layout of a public page that shows a result card, a bulk list or a creator's videos at once (/download and
 * creator pages, /bulk): the texts of those parts come with the page rather than on demand.
 */
export function WithActionTexts({ children }: { children: ReactNode }) {
  return (
    <ClientMessages area="public" later="inline">
      {children}
    </ClientMessages>
  );
}
