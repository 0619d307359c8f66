'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { ChoiceSelect } from '@/components/ui/choice-select';
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

/** Who may register (the REGISTRATION setting). */
export type Registration = 'open' | 'invite' | 'closed';

/**
 * Invite links, in the admin console only. The link is shown once, right after it is made. Above them, what the
 * server's registration setting makes of an invite: needed (invite), not needed (open: anyone may register), or
 * the only way in (closed: an invite still lets one person register).
 */
export function InvitesCard({ registration }: { registration: Registration }) {
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
      description={`${t('description')} ${t(`registration.${registration}`)}`}
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
        <div className="space-y-2 text-sm font-medium">
          <label htmlFor="invite-lifetime" className="block">{t('lifetime')}</label>
          <ChoiceSelect
            id="invite-lifetime"
            value={String(hours)}
            onValueChange={(next) => setHours(Number(next))}
            className="w-44"
            choices={LIFETIMES.map((h) => ({ value: String(h), label: t('hours', { count: h }) }))}
          />
        </div>
        <Button onClick={() => void make()} data-testid="invite-create">{t('create')}</Button>
      </div>
    </ManageCard>
  );
}
