'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { ManageCard } from '@/components/ui/manage-card';
import { ApiError, apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import type { CreatedWebhook, Webhook } from '@/lib/webhooks/schemas';
import { WebhookForm, type WebhookSpec } from './webhook-form';
import { WebhookItem, type WebhookActions } from './webhook-item';

const WEBHOOKS = '/api/webhooks';

/** Settings → Webhooks: add one (its secret shown once, here), send a test, turn on or off, delete, see deliveries. */
export function WebhooksSection() {
  const t = useTranslations('Webhooks');
  const describe = useErrorText('settings');
  // Deliveries change on their own (retries): the list is read again every few seconds while the page is open.
  const { data, mutate } = useSWR<Webhook[]>(WEBHOOKS, apiGet, { refreshInterval: 5000 });
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
    <ManageCard
      title={t('title')}
      description={t('description')}
      testId="webhooks-section"
      secret={fresh ? { value: fresh, title: t('secretOnce'), copyLabel: t('copy'), copied: [t('copiedTitle'), t('copied')], testId: 'webhook-secret' } : null}
      items={data}
      empty={t('empty')}
      listTestId="webhook-list"
      item={(webhook) => <WebhookItem key={webhook.id} webhook={webhook} actions={actions} />}
    >
      {/* A new key after each webhook added: the form starts empty again. */}
      <WebhookForm key={fresh ?? 'first'} busy={busy} onCreate={(spec) => void create(spec)} />
    </ManageCard>
  );
}
