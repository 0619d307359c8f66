'use client';

import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Webhook } from '@/lib/webhooks/schemas';
import { DeliveryList } from './delivery-list';
import { eventKey } from './webhook-form';

export interface WebhookActions {
  onToggle: (webhook: Webhook) => void;
  onTest: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
}

/** One webhook: where it goes, what it wants, on or off, its actions and its last deliveries. */
export function WebhookItem({ webhook, actions }: { webhook: Webhook; actions: WebhookActions }) {
  const t = useTranslations('Webhooks');
  return (
    <li className="space-y-3 p-3" data-testid="webhook-item">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <code dir="ltr" className="min-w-0 break-all rounded bg-muted px-1.5 py-0.5 text-start font-mono text-xs">{webhook.url}</code>
            <Badge className={webhook.enabled ? 'border-emerald-500/40' : 'text-muted-foreground'}>{webhook.enabled ? t('on') : t('off')}</Badge>
          </p>
          <p className="text-xs text-muted-foreground">
            {t(`formatOption.${webhook.format}`)} · {webhook.events.map((event) => t(eventKey(event))).join(' · ')}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => actions.onTest(webhook)} disabled={!webhook.enabled}>{t('sendTest')}</Button>
          <Button variant="outline" size="sm" onClick={() => actions.onToggle(webhook)} aria-pressed={webhook.enabled}>
            {webhook.enabled ? t('disable') : t('enable')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => actions.onDelete(webhook)}>{t('delete')}</Button>
        </div>
      </div>
      <div className="space-y-1.5">
        <p className="text-xs font-medium">{t('deliveries')}</p>
        <DeliveryList deliveries={webhook.deliveries} />
      </div>
    </li>
  );
}
