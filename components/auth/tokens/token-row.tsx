'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { NamedToken } from '@/lib/auth/token-scopes';

/** A live token: name, visible prefix, scopes, dates and last use (time only), and a revoke button. */
export function TokenRow({ token, onRevoke, prefixTestId }: { token: NamedToken; onRevoke: () => void; prefixTestId?: string }) {
  const t = useTranslations('Tokens');
  const format = useFormatter();
  const date = (iso: string | null, none: string) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : none);
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          {token.name}{' '}
          <code dir="ltr" className="ms-1 rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid={prefixTestId}>
            {token.prefix}…
          </code>
        </p>
        <p className="text-xs text-muted-foreground">
          {token.scopes.map((scope) => t(`scope.${scope.replace(':', '_')}`)).join(' · ')}
          {token.dailyLimit ? ` · ${t('limitShown', { count: token.dailyLimit })}` : ''}
        </p>
        <p className="text-xs text-muted-foreground">
          {t('created', { date: date(token.createdAt, '') })} · {t('expires', { date: date(token.expiresAt, t('noExpiry')) })} ·{' '}
          {t('lastUsed', { date: date(token.lastUsedAt, t('neverUsed')) })}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRevoke} className="self-start sm:self-center">
        {t('revoke')}
      </Button>
    </li>
  );
}
