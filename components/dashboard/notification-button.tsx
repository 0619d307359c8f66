'use client';

import { Bell } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The bell's button: a dot while anything is unread, and its name says so for screen readers too. */
export const NotificationButton = forwardRef<HTMLButtonElement, ButtonProps & { unread: boolean }>(function NotificationButton(
  { unread, className, ...props },
  ref,
) {
  const t = useTranslations('DashboardNav');
  return (
    <Button ref={ref} variant="ghost" size="icon" className={cn('relative', className)} data-testid="notification-bell" {...props}>
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
  );
});
