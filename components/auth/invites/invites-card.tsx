'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { ManageCard } from '@/components/ui/manage-card';
import type { Invite, IssuedInvite } from '@/lib/auth/invites';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { listActions } from '@/lib/client/notify';

const INVITES = '/api/admin/invites';
const LIFETIMES = [24, 72, 168, 720] as const;

/** Invite links (the page draws this for admins only). The link is shown once, right after it is made. */
export function InvitesCard() {
  const t = useTranslations('Invites');
  const format = useFormatter();
  const { data, mutate } = useSWR<Invite[]>(INVITES, apiGet);
  const run = listActions(mutate, t('error'), useErrorText());
  const [hours, setHours] = useState<number>(72);
  const [link, setLink] = useState<string | null>(null);
  if (!data) return null;

  const make = () =>
    run(async () => {
      const made = await apiRequest<IssuedInvite>(INVITES, { method: 'POST', body: { expiresInHours: hours } });
      setLink(`${window.location.origin}/register?invite=${encodeURIComponent(made.token)}`);
    }, t('failed'));
  const withdraw = (id: string) => run(() => apiRequest(`${INVITES}/${id}`, { method: 'DELETE' }), t('failed'));

  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ManageCard
      title={t('title')}
      description={t('description')}
      testId="invites-card"
      className="space-y-4"
      secret={link ? { value: link, title: t('shownOnce'), copyLabel: t('copy'), copied: [t('copiedTitle'), t('copied')], valueTestId: 'invite-link' } : null}
      items={data}
      empty={t('empty')}
      item={(invite) => (
        <li key={invite.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <span>{invite.usedAt ? t('used', { email: invite.usedBy ?? '—', date: when(invite.usedAt) }) : t('open', { date: when(invite.expiresAt) })}</span>
          <Button variant="outline" size="sm" onClick={() => void withdraw(invite.id)} className="self-start sm:self-center">
            {t('withdraw')}
          </Button>
        </li>
      )}
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="space-y-2 text-sm font-medium">
          <span className="block">{t('lifetime')}</span>
          <select value={hours} onChange={(e) => setHours(Number(e.target.value))} className="h-10 rounded-md border border-input bg-card ps-3 pe-8 text-sm">
            {LIFETIMES.map((h) => (
              <option key={h} value={h}>{t('hours', { count: h })}</option>
            ))}
          </select>
        </label>
        <Button onClick={() => void make()} data-testid="invite-create">{t('create')}</Button>
      </div>
    </ManageCard>
  );
}
