import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CLIENT_NAMESPACES, pickMessages, type ClientArea } from './pick-messages';

/** Hands the client islands below it the texts of their area only (see CLIENT_NAMESPACES). */
export async function ClientMessages({ area, children }: { area: ClientArea; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickMessages(messages, CLIENT_NAMESPACES[area])}>{children}</NextIntlClientProvider>;
}
