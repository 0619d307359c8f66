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

/**
 * The actions of a card that lists what the user keeps (make, change, remove): `work`, then the list read again
 * and `success` said; a failure is said under `title`, in the error's own words or else `fallback`. Each resolves
 * whether it worked.
 */
export function listActions(reread: () => Promise<unknown>, title: string, describe: (cause: unknown, fallback: string) => string) {
  return async (work: () => Promise<unknown>, fallback: string, success?: [string, string]): Promise<boolean> => {
    try {
      await work();
      await reread();
      if (success) notifySuccess(...success);
      return true;
    } catch (cause) {
      notifyError(title, describe(cause, fallback), cause);
      return false;
    }
  };
}
