'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { fetchData } from '@/components/dashboard-data/fetcher';
import { notifyError, notifySuccess } from '@/components/dashboard-data/notify';
import { ShownOnce } from '@/components/dashboard-data/shown-once';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import type { CreatedWebhook, Webhook } from '@/lib/webhooks/schemas';
import { WebhookForm, type WebhookSpec } from './webhook-form';
import { WebhookItem, type WebhookActions } from './webhook-item';

const WEBHOOKS = '/api/webhooks';

/** Settings → Webhooks: add one (its secret shown once, here), send a test, turn on or off, delete, see deliveries. */
export function WebhooksSection() {
  const t = useTranslations('Webhooks');
  const describe = useErrorText('settings');
  // Deliveries change on their own (retries): the list is read again every few seconds while the page is open.
  const { data, mutate } = useSWR<Webhook[]>(WEBHOOKS, fetchData, { refreshInterval: 5000 });
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>, fallback: string, success?: [string, string]) => {
    try {
      await work();
      if (success) notifySuccess(...success);
    } catch (cause) {
      // A URL refused when saved is said the webhooks' way ("a webhook cannot point to…"), not a download's.
      const code = cause instanceof ApiError ? cause.code : undefined;
      notifyError(t('errorTitle'), code && t.has(`saveError.${code}`) ? t(`saveError.${code}`) : describe(cause, fallback), cause);
    } finally {
      await mutate();
    }
  };

  async function create(spec: WebhookSpec) {
    setBusy(true);
    await run(async () => setFresh((await apiRequest<CreatedWebhook>(WEBHOOKS, { method: 'POST', body: spec })).secret), t('saveFailed'));
    setBusy(false);
  }

  const actions: WebhookActions = {
    onToggle: (webhook) => void run(() => apiRequest(`${WEBHOOKS}/${webhook.id}`, { method: 'PATCH', body: { enabled: !webhook.enabled } }), t('actionFailed')),
    onTest: (webhook) => void run(() => apiRequest(`${WEBHOOKS}/${webhook.id}/test`, { method: 'POST' }), t('actionFailed'), [t('sendTest'), t('testQueued')]),
    onDelete: (webhook) => void run(() => apiRequest(`${WEBHOOKS}/${webhook.id}`, { method: 'DELETE' }), t('actionFailed'), [t('deletedTitle'), t('deleted')]),
  };

  return (
    <Card data-testid="webhooks-section">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {fresh && (
          <ShownOnce value={fresh} title={t('secretOnce')} copyLabel={t('copy')} copied={[t('copiedTitle'), t('copied')]} testId="webhook-secret" />
        )}
        {/* A new key after each webhook added: the form starts empty again. */}
        <WebhookForm key={fresh ?? 'first'} busy={busy} onCreate={(spec) => void create(spec)} />
        {data && data.length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>}
        {data && data.length > 0 && (
          <ul className="divide-y rounded-md border" data-testid="webhook-list">
            {data.map((webhook) => <WebhookItem key={webhook.id} webhook={webhook} actions={actions} />)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
