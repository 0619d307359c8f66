import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CLIENT_NAMESPACES, pickMessages, type ClientArea } from './pick-messages';

/**
 * Hands the client islands below it the texts of their area only (see CLIENT_NAMESPACES). A provider replaces the
 * one around it, so every area carries the shell's texts too (the dashboard's top bar has the language menu).
 */
export async function ClientMessages({ area, children }: { area: ClientArea; children: ReactNode }) {
  const messages = await getMessages();
  const paths = area === 'shell' ? CLIENT_NAMESPACES.shell : [...CLIENT_NAMESPACES.shell, ...CLIENT_NAMESPACES[area]];
  return <NextIntlClientProvider messages={pickMessages(messages, paths)}>{children}</NextIntlClientProvider>;
}
