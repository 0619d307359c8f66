'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { deferMenu, type MenuButtonProps } from '@/components/ui/deferred-menu';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import type { Notification, NotificationList } from '@/lib/notifications/schemas';
import { NotificationButton } from './notification-button';
import type { DashboardNotification, NotificationBellProps } from './notification-menu';

/** The bell's button until its list's code is there: the same dot and name, from the same notifications. */
function BellStandIn({ notifications, ...button }: MenuButtonProps & NotificationBellProps) {
  delete button.onOpen;
  return <NotificationButton unread={notifications.some((item) => !item.read)} {...button} />;
}

/** The top bar's bell (notification-menu.tsx), its list's menu code fetched when the visitor reaches for it. */
export const NotificationBell = deferMenu<NotificationBellProps>(() => import('./notification-menu'), BellStandIn);

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
  const { data, mutate } = useSWR<NotificationList>(NOTIFICATIONS, apiGet, { refreshInterval: 60_000 });

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
