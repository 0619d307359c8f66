'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { InvitesCard, type Registration } from '@/components/auth/invites/invites-card';
import { apiGet } from '@/lib/client/api-client';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import type { UserPage } from '@/lib/admin/users';
import { SectionState } from './section-state';
import { UserRow } from './user-row';

/** Accounts by address with search and paging; each row changes the role, opens the limits or deletes. Invites below. */
export function UsersSection({ selfId, registration }: { selfId: string; registration: Registration }) {
  const t = useTranslations('Admin.users');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 300);
  const key = `/api/admin/users?${new URLSearchParams({ q, page: String(page) })}`;
  const { data, error, mutate } = useSWR<UserPage>(key, apiGet, { keepPreviousData: true });
  return (
    <div className="space-y-6">
      <section className="space-y-4 rounded-lg border bg-card p-4 sm:p-6" aria-labelledby="admin-users-title">
        <h2 id="admin-users-title" className="text-lg font-semibold">{t('title')}</h2>
        <div className="space-y-1.5">
          <Label htmlFor="admin-user-search">{t('search')}</Label>
          <Input
            id="admin-user-search"
            type="search"
            dir="ltr"
            className="text-start"
            value={search}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            data-testid="admin-user-search"
          />
        </div>
        <SectionState data={data} error={error} retry={() => void mutate()}>
          {(found) => (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">{t('count', { total: found.total })}</p>
              {found.users.length === 0 ? (
                <p className="text-sm">{t('none')}</p>
              ) : (
                <ul className="divide-y rounded-md border" data-testid="admin-users">
                  {found.users.map((user) => (
                    <UserRow key={user.id} user={user} self={user.id === selfId} onChanged={() => void mutate()} />
                  ))}
                </ul>
              )}
              {found.pages > 1 && (
                <nav className="flex items-center justify-between gap-2" aria-label={t('paging')}>
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('previous')}</Button>
                  <span className="text-sm text-muted-foreground">{t('page', { page: found.page, pages: found.pages })}</span>
                  <Button variant="outline" size="sm" disabled={page >= found.pages} onClick={() => setPage(page + 1)}>{t('next')}</Button>
                </nav>
              )}
            </>
          )}
        </SectionState>
      </section>
      <InvitesCard registration={registration} />
    </div>
  );
}
