'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { fetchData } from '@/components/dashboard-data/fetcher';
import { notifyError, notifySuccess } from '@/components/dashboard-data/notify';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { CreateToken, NamedToken } from '@/lib/auth/token-scopes';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { CreateTokenForm } from './create-token-form';
import { TokenList } from './token-list';

const TOKENS = '/api/auth/tokens';

/** Named API tokens with scopes: create (the token shown once, here), list, revoke. */
export function NamedTokens() {
  const t = useTranslations('Tokens');
  const describe = useErrorText();
  const { data, mutate } = useSWR<NamedToken[]>(TOKENS, fetchData);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);

  async function create(spec: CreateToken) {
    setBusy(true);
    try {
      const made = await apiRequest<NamedToken & { token: string }>(TOKENS, { method: 'POST', body: spec });
      setFresh(made.token);
      await mutate();
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('createFailed')), cause);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: string) {
    try {
      await apiRequest(`${TOKENS}/${id}`, { method: 'DELETE' });
      await mutate();
      notifySuccess(t('revokedTitle'), t('revoked'));
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('revokeFailed')), cause);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {fresh && (
          <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-3" data-testid="token-fresh">
            <p className="text-sm font-medium">{t('shownOnce')}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <code dir="ltr" className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1.5 text-start font-mono text-sm">
                {fresh}
              </code>
              <Button variant="outline" size="sm" onClick={() => void navigator.clipboard.writeText(fresh).then(() => notifySuccess(t('copiedTitle'), t('copied')))}>
                {t('copy')}
              </Button>
            </div>
          </div>
        )}
        {/* A new key after each token made: the form starts empty again. */}
        <CreateTokenForm key={fresh ?? 'first'} busy={busy} onCreate={(spec) => void create(spec)} />
        <TokenList tokens={data ?? []} onRevoke={(id) => void revoke(id)} />
      </CardContent>
    </Card>
  );
}
