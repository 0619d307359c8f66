'use client';

import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from '@/components/ui/icons';
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import type { ToastVariant } from '@/lib/client/use-toast';
import { cn } from '@/lib/cn';

export const ToastProvider = ToastPrimitive.Provider;

export const ToastViewport = forwardRef<
  ElementRef<typeof ToastPrimitive.Viewport>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>
>(function ToastViewport({ className, ...props }, ref) {
  return (
    <ToastPrimitive.Viewport
      ref={ref}
      className={cn(
        // Never over the header (its menu, language and account stay in reach): on a phone at the bottom, where a
        // notice is swiped away with the thumb; on a wider screen at the top corner just under the header, away
        // from the result card's fields (the trim range, the format menu) that sit low in the card.
        'fixed bottom-0 end-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:bottom-auto sm:top-16 sm:max-w-[380px]',
        className,
      )}
      {...props}
    />
  );
});

export type { ToastVariant };

export const Toast = forwardRef<
  ElementRef<typeof ToastPrimitive.Root>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & { variant?: ToastVariant }
>(function Toast({ className, variant = 'default', ...props }, ref) {
  return (
    <ToastPrimitive.Root
      ref={ref}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pe-9 shadow-lg',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
        'data-[state=open]:animate-[toast-in_160ms_ease-out] data-[swipe=end]:animate-[toast-out_120ms_ease-in]',
        variant === 'destructive'
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'bg-card text-card-foreground',
        className,
      )}
      {...props}
    />
  );
});

export const ToastTitle = forwardRef<
  ElementRef<typeof ToastPrimitive.Title>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Title>
>(function ToastTitle({ className, ...props }, ref) {
  return <ToastPrimitive.Title ref={ref} className={cn('text-sm font-semibold', className)} {...props} />;
});

export const ToastDescription = forwardRef<
  ElementRef<typeof ToastPrimitive.Description>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Description>
>(function ToastDescription({ className, ...props }, ref) {
  return <ToastPrimitive.Description ref={ref} className={cn('text-sm opacity-90', className)} {...props} />;
});

export const ToastAction = ToastPrimitive.Action;

export function ToastClose({ label }: { label: string }) {
  return (
    <ToastPrimitive.Close
      aria-label={label}
      className="absolute end-2 top-2 rounded-md p-1 opacity-70 transition hover:opacity-100"
    >
      <X className="h-4 w-4" aria-hidden />
    </ToastPrimitive.Close>
  );
}
