'use client';

import { useSyncExternalStore } from 'react';
import { hasSignedInHint } from '@/lib/auth/signed-in-hint';
import { Link } from '@/lib/i18n/navigation';

const noSubscription = () => () => {};

/** Whether this browser holds a session: public pages are static, so the hint cookie tells (false on the server). */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(noSubscription, () => hasSignedInHint(document.cookie), () => false);
}

/** "Sign in", or "My account" once this browser holds a session. */
export function AccountLink({ signInLabel, accountLabel }: { signInLabel: string; accountLabel: string }) {
  const signedIn = useSignedInHint();
  return (
    <Link
      href={signedIn ? '/dashboard' : '/login'}
      prefetch={false}
      data-testid="header-account"
      className="ms-1 hidden rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-muted sm:inline-flex"
    >
      {signedIn ? accountLabel : signInLabel}
    </Link>
  );
}
