'use client';

import { lazy, Suspense, type ReactNode } from 'react';
import { useHydrated } from '@/lib/client/use-hydrated';

// The sections of the settings tabs a visit does not open first (the library, the API's tokens and webhooks): their
// code is fetched when their tab is shown, not with the page. They are drawn in the browser only, once their code is
// there: drawn by the server, a deep link to their tab would show forms that wait for that code before they answer.
const Library = lazy(() => import('@/components/dashboard/library/library-settings-card').then((m) => ({ default: m.LibrarySettingsCard })));
const Tokens = lazy(() => import('@/components/auth/tokens/named-tokens').then((m) => ({ default: m.NamedTokens })));
const Webhooks = lazy(() => import('@/components/webhooks/webhooks-section').then((m) => ({ default: m.WebhooksSection })));

function InBrowser({ children }: { children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function LibrarySection() {
  return (
    <InBrowser>
      <Library />
    </InBrowser>
  );
}

export function ApiSections() {
  return (
    <InBrowser>
      <Tokens />
      <Webhooks />
    </InBrowser>
  );
}
