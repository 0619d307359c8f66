import 'server-only';
import { UNTOLD_ANONYMOUS } from '@/lib/auth/caller';
import { AppError } from '@/lib/errors';

/**
 * Work one client holds open at once on this node (live status streams, analyses in flight). Unlike the
 * hourly and daily quotas this is no count of requests: a slot frees the moment its work ends. Over the limit
 * the client is told to retry shortly (429 with Retry-After).
 */
export interface InFlight {
  /** Takes a slot for a caller's `fairShareKey` (none for the untold anonymous one), or throws rate_limited; the release is idempotent. */
  acquire(key: string): () => void;
  held(key: string): number;
}

const RETRY_AFTER_S = 5;

export function createInFlight(limit: () => number, what: string): InFlight {
  const counts = new Map<string, number>();
  return {
    acquire(key) {
      if (key === UNTOLD_ANONYMOUS) return () => {};
      const max = limit();
      const used = counts.get(key) ?? 0;
      if (used >= max) {
        throw new AppError('rate_limited', `Too many ${what} at once (the limit is ${max}). Wait for one to finish.`, {
          limit: max, retryAfter: RETRY_AFTER_S,
        });
      }
      counts.set(key, used + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.get(key) ?? 1) - 1;
        if (left > 0) counts.set(key, left);
        else counts.delete(key);
      };
    },
    held: (key) => counts.get(key) ?? 0,
  };
}
