'use client';

import { toast } from '@/lib/client/use-toast';

/** A success toast titled Success, or an Error toast that is also logged to the console. */
export function notifySuccess(title: string, description: string) {
  toast({ title, description });
}

export function notifyError(title: string, description: string, cause?: unknown) {
  console.error(`[dashboard] ${description}`, cause ?? '');
  toast({ title, description, variant: 'destructive' });
}
