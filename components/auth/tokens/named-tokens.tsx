'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { fetchData } from '@/components/dashboard-data/fetcher';
import { notifyError, notifySuccess } from '@/components/dashboard-data/notify';
import { ShownOnce } from '@/components/dashboard-data/shown-once';
import { Skeleton } from '@/components/ui/badge';
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
          <ShownOnce value={fresh} title={t('shownOnce')} copyLabel={t('copy')} copied={[t('copiedTitle'), t('copied')]} testId="token-fresh" />
        )}
        {/* A new key after each token made: the form starts empty again. */}
        <CreateTokenForm key={fresh ?? 'first'} busy={busy} onCreate={(spec) => void create(spec)} />
        {/* "No tokens yet" only once the list has been read. */}
        {data ? <TokenList tokens={data} onRevoke={(id) => void revoke(id)} /> : <Skeleton className="h-5 w-1/2" data-testid="token-list-loading" />}
      </CardContent>
    </Card>
  );
}
