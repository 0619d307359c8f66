'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { notifyError } from '@/lib/client/notify';
import { Button } from '@/components/ui/button';
import { KeyRound, Loader2 } from '@/components/ui/icons';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';

const LINK = '/api/auth/oidc/link';

/**
 * "Link <provider>": the server seals a link attempt for the signed-in account in a cookie and answers the provider's
 * address, where the browser goes next; the provider sends it back to Settings, linked or with the reason why not.
 */
export function SsoLinkButton({ label }: { label: string }) {
  const t = useTranslations('Settings');
  const locale = useLocale();
  const describe = useErrorText('settings');
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      const { url } = await apiRequest<{ url: string }>(LINK, { method: 'POST', body: { locale } });
      window.location.assign(url);
    } catch (cause) {
      notifyError(t('toast.error'), describe(cause, t('sso.failed')), cause);
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" onClick={() => void start()} disabled={busy} data-testid="sso-link">
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <KeyRound className="h-4 w-4" aria-hidden />}
      {label}
    </Button>
  );
}
