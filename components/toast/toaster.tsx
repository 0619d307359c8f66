'use client';

import { useTranslations } from 'next-intl';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@/components/ui/toast';
import { dismissToast, useToasts } from '@/lib/client/use-toast';

/**
 * The global toast area, mounted with a page's first toast (LazyToaster): 5000 ms, swipe right past 50 px, F8
 * focuses it. Both names screen readers hear are in the visitor's language: the region's ("Notifications (F8)")
 * and each toast's.
 */
export function Toaster() {
  const t = useTranslations('Common');
  const toasts = useToasts();
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('notification')}>
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => !next && dismissToast(id)}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose label={t('close')} />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} label={t('notifications')} />
    </ToastProvider>
  );
}
