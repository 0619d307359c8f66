'use client';

import { useTranslations } from 'next-intl';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import type { CreateToken } from '@/lib/auth/token-scopes';
import { TOKEN_SCOPES, type TokenScope } from '@/lib/auth/token-scope-list';

const EXPIRIES = [0, 30, 90, 365] as const;

/** Name, scopes, expiry and an optional daily limit of a new API token. */
export function CreateTokenForm({ busy, onCreate }: { busy: boolean; onCreate: (spec: CreateToken) => void }) {
  const t = useTranslations('Tokens');
  const [scopes, setScopes] = useState<TokenScope[]>(['download']);
  const toggle = (scope: TokenScope) =>
    setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const days = Number(data.get('expiresInDays'));
    const limit = Number(data.get('dailyLimit'));
    onCreate({
      name: String(data.get('name') ?? '').trim(),
      scopes,
      ...(days > 0 ? { expiresInDays: days } : {}),
      ...(limit > 0 ? { dailyLimit: limit } : {}),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="token-form">
      <div className="space-y-2">
        <Label htmlFor="token-name">{t('name')}</Label>
        <Input id="token-name" name="name" required maxLength={60} placeholder={t('namePlaceholder')} disabled={busy} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="token-expiry">{t('expiry')}</Label>
        <ChoiceSelect
          id="token-expiry"
          name="expiresInDays"
          defaultValue="0"
          disabled={busy}
          choices={EXPIRIES.map((days) => ({ value: String(days), label: days === 0 ? t('never') : t('days', { count: days }) }))}
        />
      </div>
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-medium">{t('scopes')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} disabled={busy} className="h-4 w-4" />
              {t(`scope.${scope.replace(':', '_')}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor="token-limit">{t('dailyLimit')}</Label>
        <Input id="token-limit" name="dailyLimit" type="number" min={1} inputMode="numeric" placeholder={t('dailyLimitPlaceholder')} disabled={busy} dir="ltr" />
      </div>
      <div className="flex items-end">
        <Button type="submit" disabled={busy || scopes.length === 0} aria-busy={busy} data-testid="token-create">
          {busy ? t('creating') : t('create')}
        </Button>
      </div>
    </form>
  );
}
