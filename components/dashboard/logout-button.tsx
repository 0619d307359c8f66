'use client';

import { LogOut } from '@/components/ui/icons';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

/** Ends the server session (its cookies) and forgets any tokens an older client kept in localStorage. */
async function defaultLogout() {
  try {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
  } finally {
    window.localStorage.removeItem('accessToken');
    window.localStorage.removeItem('refreshToken');
  }
}

/**
 * Logs out, then loads /login as a full page so no signed-in state survives in memory.
 * A failed logout call still leaves: the visitor asked to go, and the cookie expires on its own.
 */
export function LogoutButton({ onLogout = defaultLogout }: { onLogout?: () => Promise<void> }) {
  const t = useTranslations('DashboardNav');
  const locale = useLocale() as Locale;
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    await onLogout().catch(() => undefined);
    window.location.assign(getPathname({ href: '/login', locale }));
  }

  return (
    <Button
      variant="ghost"
      onClick={logout}
      disabled={busy}
      data-testid="logout-button"
      className="w-full justify-start gap-3 px-3 text-muted-foreground hover:text-foreground"
    >
      <LogOut className="h-4 w-4 rtl:rotate-180" aria-hidden />
      {t('logout')}
    </Button>
  );
}
