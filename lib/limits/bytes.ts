import 'server-only';
import type { Db } from '@/lib/db';
import { countersFor } from '@/lib/rate-limit/counters';
import { dayWindow } from '@/lib/rate-limit/windows';

/** Prepared bytes are counted, never refused: the file exists by then. The limit is checked before work starts. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;
const keyOf = (owner: string) => `bytes:${owner}`;

/** Adds a prepared file's bytes to the owner's count for the UTC day (Redis with REDIS_URL, else the store). */
export async function countOwnerBytes(db: Db, owner: string, bytes: number, at = Date.now()): Promise<void> {
  if (!(bytes > 0)) return;
  const window = dayWindow(at);
  await countersFor(db, 'byte_counters').add(keyOf(owner), [{ window, limit: NO_LIMIT, message: '' }], Math.round(bytes));
}

/** The owner's bytes of the UTC day so far, and when that count starts again from zero. */
export async function ownerBytesToday(db: Db, owner: string, at = Date.now()): Promise<{ used: number; resetsAt: number }> {
  const window = dayWindow(at);
  return { used: await countersFor(db, 'byte_counters').read(keyOf(owner), window), resetsAt: window.resetsAt };
}
