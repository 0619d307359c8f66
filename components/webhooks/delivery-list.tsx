'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { Delivery } from '@/lib/webhooks/schemas';
import { eventKey } from './webhook-form';

const TONE: Record<Delivery['status'], string> = {
  delivered: 'border-emerald-500/40 text-emerald-700 dark:text-emerald-400',
  failed: 'border-destructive/50 text-destructive',
  retrying: 'border-amber-500/50 text-amber-700 dark:text-amber-400',
  pending: 'text-muted-foreground',
};
const REASONS = ['private_address', 'upstream_timeout', 'upstream_failed', 'webhook_disabled', 'account_disabled'];

/** A webhook's last deliveries: event, status, attempts, the last answer (HTTP status or why none came) and when. */
export function DeliveryList({ deliveries }: { deliveries: Delivery[] }) {
  const t = useTranslations('Webhooks');
  const format = useFormatter();
  if (deliveries.length === 0) return <p className="text-xs text-muted-foreground">{t('noDeliveries')}</p>;
  return (
    <ul className="space-y-1.5" data-testid="webhook-deliveries">
      {deliveries.map((delivery) => {
        const when = delivery.attemptedAt ?? delivery.createdAt;
        const answer = delivery.httpStatus !== null
          ? t('httpStatus', { status: delivery.httpStatus })
          : delivery.errorCode
            ? t(`reason.${REASONS.includes(delivery.errorCode) ? delivery.errorCode : 'other'}`)
            : null;
        return (
          <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
            <Badge className={TONE[delivery.status]}>{t(`status.${delivery.status}`)}</Badge>
            <span className="font-medium">{t(eventKey(delivery.event))}</span>
            {answer && <span>{answer}</span>}
            <span className="text-muted-foreground">{t('attempts', { count: delivery.attempts })}</span>
            {delivery.durationMs !== null && <span className="text-muted-foreground">{t('duration', { ms: delivery.durationMs })}</span>}
            <time dateTime={when} className="ms-auto text-muted-foreground">
              {format.dateTime(new Date(when), { dateStyle: 'medium', timeStyle: 'medium' })}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
