'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { fetchData } from '@/components/dashboard-data/fetcher';
import { notifyError, notifySuccess } from '@/components/dashboard-data/notify';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Invite, IssuedInvite } from '@/lib/auth/invites';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';

const INVITES = '/api/admin/invites';
const LIFETIMES = [24, 72, 168, 720] as const;

/** Invite links (the page draws this for admins only). The link is shown once, right after it is made. */
export function InvitesCard() {
  const t = useTranslations('Invites');
  const format = useFormatter();
  const describe = useErrorText();
  const { data, mutate } = useSWR<Invite[]>(INVITES, fetchData);
  const [hours, setHours] = useState<number>(72);
  const [link, setLink] = useState<string | null>(null);
  if (!data) return null;

  async function make() {
    try {
      const made = await apiRequest<IssuedInvite>(INVITES, { method: 'POST', body: { expiresInHours: hours } });
      setLink(`${window.location.origin}/register?invite=${encodeURIComponent(made.token)}`);
      await mutate();
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('failed')), cause);
    }
  }

  async function withdraw(id: string) {
    try {
      await apiRequest(`${INVITES}/${id}`, { method: 'DELETE' });
      await mutate();
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('failed')), cause);
    }
  }

  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card data-testid="invites-card">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {link && (
          <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-3">
            <p className="text-sm font-medium">{t('shownOnce')}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <code dir="ltr" className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1.5 text-start font-mono text-sm" data-testid="invite-link">
                {link}
              </code>
              <Button variant="outline" size="sm" onClick={() => void navigator.clipboard.writeText(link).then(() => notifySuccess(t('copiedTitle'), t('copied')))}>
                {t('copy')}
              </Button>
            </div>
          </div>
        )}
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
        {data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {data.map((invite) => (
              <li key={invite.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
                <span>
                  {invite.usedAt
                    ? t('used', { email: invite.usedBy ?? '—', date: when(invite.usedAt) })
                    : t('open', { date: when(invite.expiresAt) })}
                </span>
                <Button variant="outline" size="sm" onClick={() => void withdraw(invite.id)} className="self-start sm:self-center">
                  {t('withdraw')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
