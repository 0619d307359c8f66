import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';

// Standalone account screens: a centred card, no site header.
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-b from-secondary/60 to-background px-4 py-12">
      <ClientMessages area="auth">{children}</ClientMessages>
    </main>
  );
}
