'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { Skeleton } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RefreshCw } from '@/components/ui/icons';
import { ManageCard } from '@/components/ui/manage-card';
import type { CreateToken, NamedToken } from '@/lib/auth/token-scopes';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { listActions, notifyError, notifySuccess } from '@/lib/client/notify';
import { CreateTokenForm } from './create-token-form';
import { TokenRow } from './token-row';

const TOKENS = '/api/auth/tokens';
const SETTINGS = '/api/settings';
/** The full-access token: every scope, no expiry, one per account; making a new one stops the old one. */
const FULL_ACCESS = '/api/settings/token';

/** The visible part of a token ('gl_' and 6 characters), as the list shows it. */
const prefixOf = (shown: string) => shown.replace(/…$/, '').slice(0, 9);

/**
 * The account's API tokens, one list: the full-access token (made in one click, every scope, no expiry) and the
 * named ones (own name, scopes, expiry, daily limit). A new token is shown once, here; every token can be revoked.
 */
export function NamedTokens() {
  const t = useTranslations('Tokens');
  const describe = useErrorText();
  const { mutate: refresh } = useSWRConfig();
  const { data, mutate } = useSWR<NamedToken[]>(TOKENS, apiGet);
  // The settings say which token is the full-access one (its visible prefix), and its usage.
  const { data: settings } = useSWR<{ apiToken: string }>(SETTINGS, apiGet);
  const run = listActions(mutate, t('error'), describe);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<{ value: string; fullAccess: boolean } | null>(null);

  const fullAccessPrefix = fresh?.fullAccess ? prefixOf(fresh.value) : settings?.apiToken ? prefixOf(settings.apiToken) : null;
  const hasFullAccess = Boolean(fullAccessPrefix);

  async function create(spec: CreateToken) {
    setBusy(true);
    await run(async () => {
      const made = await apiRequest<NamedToken & { token: string }>(TOKENS, { method: 'POST', body: spec });
      setFresh({ value: made.token, fullAccess: false });
    }, t('createFailed'));
    setBusy(false);
  }

  async function makeFullAccess() {
    setBusy(true);
    try {
      const { token } = await apiRequest<{ token: string }>(FULL_ACCESS, { method: 'POST' });
      setFresh({ value: token, fullAccess: true });
      await Promise.all([mutate(), refresh(SETTINGS)]);
      notifySuccess(t('fullAccess.generatedTitle'), t('fullAccess.generated'));
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('fullAccess.failed')), cause);
    } finally {
      setBusy(false);
    }
  }

  const revoke = async (token: NamedToken) => {
    await run(() => apiRequest(`${TOKENS}/${token.id}`, { method: 'DELETE' }), t('revokeFailed'), [t('revokedTitle'), t('revoked')]);
    if (token.prefix === fullAccessPrefix) {
      setFresh(null);
      await refresh(SETTINGS);
    }
  };

  return (
    <ManageCard
      title={t('title')}
      description={t('description')}
      testId="api-tokens"
      secret={
        fresh
          ? {
              value: fresh.value,
              title: t('shownOnce'),
              copyLabel: t('copy'),
              copied: [t('copiedTitle'), t('copied')],
              testId: 'token-fresh',
              // The full-access token keeps the id the page has always given it.
              valueTestId: fresh.fullAccess ? 'settings-token' : undefined,
            }
          : null
      }
      items={data}
      // "No tokens yet" only once the list has been read.
      loading={<Skeleton className="h-5 w-1/2" data-testid="token-list-loading" />}
      empty={t('empty')}
      listTestId="token-list"
      item={(token) => {
        const fullAccess = token.prefix === fullAccessPrefix;
        return (
          <TokenRow
            key={token.id}
            token={fullAccess ? { ...token, name: t('fullAccess.name') } : token}
            // Its prefix is the one place the page shows it, unless it was just made (then the notice above does).
            prefixTestId={fullAccess && !fresh?.fullAccess ? 'settings-token' : undefined}
            onRevoke={() => void revoke(token)}
          />
        );
      }}
    >
      <div className="flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="full-access-token">
        <div className="space-y-1">
          <p className="text-sm font-medium">{t('fullAccess.name')}</p>
          <p className="text-xs text-muted-foreground">{t('fullAccess.hint')}</p>
        </div>
        <Button variant="secondary" onClick={() => void makeFullAccess()} disabled={busy} className="self-start sm:self-center" data-testid="settings-regenerate">
          <RefreshCw className={busy ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
          {/* The button says what it does: the first one is generated, a later one replaces it. */}
          {hasFullAccess ? t('fullAccess.regenerate') : t('fullAccess.generate')}
        </Button>
      </div>
      {/* A new key after each token made: the form starts empty again. */}
      <CreateTokenForm key={fresh?.value ?? 'first'} busy={busy} onCreate={(spec) => void create(spec)} />
    </ManageCard>
  );
}
