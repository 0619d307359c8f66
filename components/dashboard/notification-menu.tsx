'use client';

import { BellOff } from '@/components/ui/icons';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { DeferredMenuProps } from '@/components/ui/deferred-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import type { Notification } from '@/lib/notifications/schemas';
import { NotificationButton } from './notification-button';

/** A stored notification as the bell shows it: its kind already said as a title in the visitor's language. */
export type DashboardNotification = Omit<Notification, 'kind' | 'body'> & { body: string };

/** What the bell's button and its list are given: the list, and `onOpen` when it opens (to mark them read). */
export interface NotificationBellProps {
  notifications: DashboardNotification[];
  onOpen?: () => void;
}

/** The bell's list (the menu primitive's code comes with it, fetched when the visitor reaches for the bell). */
export default function NotificationMenu({ notifications, onOpen, defaultOpen, focusTrigger }: NotificationBellProps & DeferredMenuProps) {
  const t = useTranslations('DashboardNav');
  const format = useFormatter();
  // next-intl needs a reference time for "5 minutes ago"; ticking each minute keeps the list honest while open.
  const now = useNow({ updateInterval: 60_000 });
  const trigger = useRef<HTMLButtonElement>(null);
  const openedAtMount = useRef(false);
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);
  // A press that fetched this code opened the list at once: no open change fires for that, so it is the opening.
  useEffect(() => {
    if (!defaultOpen || openedAtMount.current) return;
    openedAtMount.current = true;
    onOpen?.();
  }, [defaultOpen, onOpen]);

  return (
    <DropdownMenu defaultOpen={defaultOpen} onOpenChange={(open) => open && onOpen?.()}>
      <DropdownMenuTrigger asChild>
        <NotificationButton ref={trigger} unread={notifications.some((item) => !item.read)} />
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
