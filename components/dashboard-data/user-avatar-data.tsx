'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { UserAvatar } from '@/components/dashboard/user-avatar';
import { fetchData } from './fetcher';

/** The avatar's initials from /api/auth/me; the fallback icon until (or unless) the email is known. */
export function UserAvatarData() {
  const t = useTranslations('DashboardNav');
  const { data } = useSWR<{ id: string; email: string }>('/api/auth/me', fetchData, { revalidateOnFocus: false });
  return <UserAvatar email={data?.email} label={t('account')} />;
}
