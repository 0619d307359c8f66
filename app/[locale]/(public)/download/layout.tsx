import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';

// This page shows a result card, a bulk list or a creator's videos at once: their texts come with the page.
export default function DownloadLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages area="public" later="inline">
      {children}
    </ClientMessages>
  );
}
