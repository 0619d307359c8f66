'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import { Button } from '@/components/ui/button';
import type { AdminUser } from '@/lib/admin/users';
import type { Role } from '@/lib/auth/roles';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { UserLimits } from './user-limits';

const ROLES: readonly Role[] = ['admin', 'member', 'disabled'];

/** One account: its address and join date, its role (a select), its limits (opened on demand) and delete with a confirmation. */
export function UserRow({ user, self, onChanged }: { user: AdminUser; self: boolean; onChanged: () => void }) {
  const t = useTranslations('Admin.users');
  const tAdmin = useTranslations('Admin');
  const format = useFormatter();
  const describe = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [limits, setLimits] = useState(false);
  const [busy, setBusy] = useState(false);
  const path = `/api/admin/users/${encodeURIComponent(user.id)}`;

  async function act(request: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await request();
      notifySuccess(tAdmin('done'), done);
      onChanged();
    } catch (cause) {
      notifyError(tAdmin('error'), describe(cause, tAdmin('failed')), cause);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const roleId = `role-${user.id}`;
  return (
    <li className="space-y-3 p-3 sm:p-4" data-testid="admin-user">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium"><bdi dir="ltr">{user.email}</bdi></div>
          <div className="text-xs text-muted-foreground">
            {t('joined', { date: format.dateTime(new Date(user.createdAt), { dateStyle: 'medium' }) })}
            {self && <span className="ms-2 rounded bg-primary/10 px-1.5 py-0.5 text-primary">{t('you')}</span>}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={roleId} className="sr-only">{t('roleOf', { email: user.email })}</label>
          <ChoiceSelect
            id={roleId}
            value={user.role}
            disabled={self || busy}
            onValueChange={(next) => {
              const role = next as Role;
              void act(() => apiRequest(path, { method: 'PATCH', body: { role } }), t('roleChanged', { email: user.email, role: t(`roles.${role}`) }));
            }}
            className="h-8 w-36"
            testId="admin-user-role"
            choices={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          />
          <Button variant="outline" size="sm" aria-expanded={limits} onClick={() => setLimits(!limits)} data-testid="admin-user-limits">
            {limits ? t('hideLimits') : t('limits')}
          </Button>
          {!self && !confirming && (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)} data-testid="admin-user-delete">{t('delete')}</Button>
          )}
        </div>
      </div>
      {confirming && (
        <div role="alertdialog" aria-label={t('delete')} className="flex flex-col gap-2 rounded-md border border-destructive/50 bg-destructive/5 p-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm">{t('deleteConfirm', { email: user.email })}</p>
          <div className="flex gap-2">
            <Button variant="destructive" size="sm" disabled={busy} data-testid="admin-user-delete-confirm"
              onClick={() => void act(() => apiRequest(path, { method: 'DELETE' }), t('deleted', { email: user.email }))}>
              {t('confirm')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>{t('keep')}</Button>
          </div>
        </div>
      )}
      {limits && <UserLimits userId={user.id} email={user.email} />}
    </li>
  );
}
