'use client';

import { Bell, BellOff } from '@/components/ui/icons';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { cn } from '@/lib/cn';
import type { Notification, NotificationList } from '@/lib/notifications/schemas';

/** A stored notification as the bell shows it: its kind already said as a title in the visitor's language. */
export type DashboardNotification = Omit<Notification, 'kind' | 'body'> & { body: string };

/** The top bar's bell: a dot while anything is unread; `onOpen` fires when the list opens (to mark them read). */
export function NotificationBell({
  notifications,
  onOpen,
}: {
  notifications: DashboardNotification[];
  onOpen?: () => void;
}) {
  const t = useTranslations('DashboardNav');
  const format = useFormatter();
  // next-intl needs a reference time for "5 minutes ago"; ticking each minute keeps the list honest while open.
  const now = useNow({ updateInterval: 60_000 });
  const unread = notifications.some((item) => !item.read);

  return (
    <DropdownMenu onOpenChange={(open) => open && onOpen?.()}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" data-testid="notification-bell">
          <Bell className="h-5 w-5" aria-hidden />
          <span className="sr-only">{unread ? t('notificationsUnread') : t('notifications')}</span>
          {unread && (
            <span
              data-testid="notification-dot"
              aria-hidden
              className="absolute end-2 top-2 h-2 w-2 rounded-full bg-destructive ring-2 ring-background"
            />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel>{t('notifications')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {notifications.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-3 py-6 text-center text-sm text-muted-foreground">
            <BellOff className="h-6 w-6 opacity-60" aria-hidden />
            {t('noNotifications')}
          </div>
        ) : (
          notifications.map((item) => (
            <DropdownMenuItem key={item.id} className="flex-col items-start gap-0.5">
              <span className={cn('text-sm', !item.read && 'font-semibold')}>{item.title}</span>
              <span className="text-xs text-muted-foreground">{item.body}</span>
              <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
                {format.relativeTime(new Date(item.createdAt), now)}
              </time>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

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
