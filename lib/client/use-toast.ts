'use client';

import { useSyncExternalStore, type ReactNode } from 'react';

/** How a toast looks: the default, or red for errors. */
export type ToastVariant = 'default' | 'destructive';

/** A toast: shown one at a time, for 5 seconds unless it says otherwise. */
export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  /** ms; default 5000 */
  duration?: number;
  open: boolean;
}

export type ToastInput = Omit<ToastItem, 'id' | 'open'>;

const LIMIT = 1;
const REMOVE_DELAY_MS = 5000;

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.open || (id !== undefined && t.id !== id))), REMOVE_DELAY_MS);
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++counter);
  // Toasts that report an error are also logged to the console.
  if (input.variant === 'destructive' || input.title === 'Error') {
    console.error('[toast]', typeof input.title === 'string' ? input.title : '', typeof input.description === 'string' ? input.description : '');
  }
  emit([{ ...input, id, open: true }, ...toasts].slice(0, LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts, () => serverSnapshot);
}
