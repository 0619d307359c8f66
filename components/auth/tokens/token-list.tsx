'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { NamedToken } from '@/lib/auth/token-scopes';

/** The account's live tokens: name, visible prefix, scopes, dates and last use (time only), and a revoke button. */
export function TokenList({ tokens, onRevoke }: { tokens: NamedToken[]; onRevoke: (id: string) => void }) {
  const t = useTranslations('Tokens');
  const format = useFormatter();
  const date = (iso: string | null, none: string) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : none);
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  return (
    <ul className="divide-y rounded-md border" data-testid="token-list">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-1">
            <p className="font-medium">
              {token.name}{' '}
              <code dir="ltr" className="ms-1 rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
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
          <Button variant="outline" size="sm" onClick={() => onRevoke(token.id)} className="self-start sm:self-center">
            {t('revoke')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
