'use client';

import { useSignedIn } from '@/lib/client/use-signed-in';
import { Link } from '@/lib/i18n/navigation';

/** "Sign in", or "My account" once this browser holds a session. */
export function AccountLink({ signInLabel, accountLabel }: { signInLabel: string; accountLabel: string }) {
  const signedIn = useSignedIn();
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
