'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/lib/i18n/navigation';
import { postCredentials, type Credentials } from '@/lib/client/auth-request';
import { AdmissionField } from './admission-field';
import { CredentialFields } from './credential-fields';
import { useCredentialsSubmit } from '@/lib/client/use-credentials-submit';

const PASSWORD_MIN_LENGTH = 8;

const defaultRegister = (values: Credentials) => postCredentials('/api/auth/register', values);

/**
 * Registration form. `onSubmit` resolves when the account exists and throws (with the server's text) when refused.
 * `invite` asks for an invite code (invite-only registration); `setupToken` carries the one-time setup token.
 */
export function RegisterForm({
  onSubmit = defaultRegister,
  invite,
  setupToken,
}: {
  onSubmit?: (values: Credentials) => Promise<void>;
  invite?: { value?: string };
  setupToken?: string;
}) {
  const t = useTranslations('Register');
  const router = useRouter();
  const { busy, handleSubmit } = useCredentialsSubmit({
    submit: onSubmit,
    success: { title: t('successTitle'), description: t('successDescription') },
    failure: { title: t('errorTitle'), fallback: t('errorFallback') },
    onSuccess: () => router.push('/login'),
  });

  return (
    <form onSubmit={handleSubmit} className="space-y-4">
      <CredentialFields
        prefix="register"
        labels={{ email: t('email'), password: t('password'), emailPlaceholder: t('emailPlaceholder') }}
        passwordAutoComplete="new-password"
        passwordPlaceholder={t('passwordPlaceholder')}
        passwordHint={t('passwordHint')}
        minLength={PASSWORD_MIN_LENGTH}
        disabled={busy}
      />
      {setupToken ? (
        <AdmissionField name="setupToken" label={t('setupToken')} hint={t('setupHint')} defaultValue={setupToken} required disabled={busy} />
      ) : (
        invite && (
          <AdmissionField name="invite" label={t('invite')} hint={t('inviteHint')} defaultValue={invite.value} required disabled={busy} />
        )
      )}
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy} data-testid="register-submit">
        {busy ? t('loading') : t('submit')}
      </Button>
    </form>
  );
}
