'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { NotificationBell, type DashboardNotification } from '@/components/dashboard/notification-bell';
import { apiRequest } from '@/lib/client/api-client';
import type { Notification, NotificationList } from '@/lib/notifications/schemas';
import { fetchData } from './fetcher';

const NOTIFICATIONS = '/api/notifications';

/** The stored English texts are for API clients; the bell says each kind in the visitor's language. */
function useLocalised() {
  const t = useTranslations('DashboardData.notifications');
  return (item: Notification): DashboardNotification => {
    const counts = item.kind === 'bulk_complete' ? /^(\d+)\/(\d+)$/.exec(item.body ?? '') : null;
    return {
      id: item.id,
      title: item.kind === 'follow_new' ? t('follow_new', { creator: item.title }) : t(item.kind),
      body: counts ? t('bulkBody', { ready: Number(counts[1]), total: Number(counts[2]) }) : (item.body ?? ''),
      createdAt: item.createdAt,
      read: item.read,
    };
  };
}

/** The bell fed by /api/notifications (polled each minute); opening it marks everything read. */
export function NotificationBellData() {
  const localise = useLocalised();
  const { data, mutate } = useSWR<NotificationList>(NOTIFICATIONS, fetchData, { refreshInterval: 60_000 });

  async function open() {
    if (!data?.unread) return;
    await apiRequest('/api/notifications/read', { method: 'POST' }).catch(() => undefined);
    // The list stays open as it was; the dot goes and the bold fades on the next look.
    await mutate((current) => current && { ...current, unread: 0, notifications: current.notifications.map((n) => ({ ...n, read: true })) }, {
      revalidate: false,
    });
  }

  return <NotificationBell notifications={(data?.notifications ?? []).map(localise)} onOpen={() => void open()} />;
}
