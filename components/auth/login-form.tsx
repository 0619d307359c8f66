'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/lib/i18n/navigation';
import { postCredentials, safeReturnPath, type Credentials } from '@/lib/client/auth-request';
import { CredentialFields } from './credential-fields';
import { useCredentialsSubmit } from '@/lib/client/use-credentials-submit';

const defaultLogin = (values: Credentials) => postCredentials('/api/auth/login', values);

/** Sign-in form. `onSubmit` resolves when signed in and throws (with the server's text) when refused. */
export function LoginForm({ onSubmit = defaultLogin }: { onSubmit?: (values: Credentials) => Promise<void> }) {
  const t = useTranslations('Login');
  const router = useRouter();
  const { busy, handleSubmit } = useCredentialsSubmit({
    submit: onSubmit,
    success: { title: t('successTitle'), description: t('successDescription') },
    failure: { title: t('errorTitle'), fallback: t('errorFallback') },
    // Read at submit time rather than via useSearchParams, so the page needs no Suspense boundary.
    onSuccess: () => router.replace(safeReturnPath(new URLSearchParams(window.location.search).get('from'))),
  });

  return (
    <form onSubmit={handleSubmit} className="space-y-4">
      <CredentialFields
        prefix="login"
        labels={{ email: t('email'), password: t('password'), emailPlaceholder: t('emailPlaceholder') }}
        passwordAutoComplete="current-password"
        passwordPlaceholder={t('passwordPlaceholder')}
        disabled={busy}
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy} data-testid="login-submit">
        {busy ? t('loading') : t('submit')}
      </Button>
    </form>
  );
}
