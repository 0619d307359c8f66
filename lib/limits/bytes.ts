import 'server-only';
import type { Db } from '@/lib/db';
import { countersFor } from '@/lib/rate-limit/counters';
import { dayWindow, type RateWindow } from '@/lib/rate-limit/windows';

/** Bytes are counted, never refused here: a body, once started, is never cut. The limit is checked before one starts. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;
const keyOf = (owner: string) => `bytes:${owner}`;

/** Which file a job prepared: its analysis and offer, as its download link names them. */
export interface PreparedFileRef {
  mediaId: string;
  itag: string;
}

/**
 * A job's prepared file is counted once, when it is prepared; serving that offer to the same owner afterwards
 * spends this credit first (up to the bytes the preparation counted, the same UTC day), so the owner is not
 * charged twice for one file while a second copy, or another file, is charged in full.
 */
const creditKeyOf = (owner: string, file: PreparedFileRef) => `credit:${owner}|${file.mediaId}|${file.itag}`;
const spentKeyOf = (owner: string, file: PreparedFileRef) => `credit-spent:${owner}|${file.mediaId}|${file.itag}`;

const add = (db: Db, key: string, window: RateWindow, bytes: number, limit = NO_LIMIT) =>
  countersFor(db, 'byte_counters').add(key, [{ window, limit, message: '' }], Math.round(bytes));

/** Adds bytes to the owner's count for the UTC day (Redis with REDIS_URL, else the store); a prepared file also grants its credit. */
export async function countOwnerBytes(db: Db, owner: string, bytes: number, file?: PreparedFileRef, at = Date.now()): Promise<void> {
  if (!(bytes > 0)) return;
  const window = dayWindow(at);
  await add(db, keyOf(owner), window, bytes);
  if (file) await add(db, creditKeyOf(owner, file), window, bytes);
}

/** Counts served bytes: what the owner's own preparation of this offer already counted is spent from its credit, the rest counts. */
export async function countServedBytes(db: Db, owner: string, bytes: number, file?: PreparedFileRef, at = Date.now()): Promise<void> {
  if (!(bytes > 0)) return;
  const window = dayWindow(at);
  let free = 0;
  if (file) {
    const counters = countersFor(db, 'byte_counters');
    const granted = await counters.read(creditKeyOf(owner, file), window);
    const spent = granted > 0 ? await counters.read(spentKeyOf(owner, file), window) : 0;
    free = Math.max(0, Math.min(Math.round(bytes), granted - spent));
    // Never past the credit, however many bodies of the same file race: a refused spend is counted in full.
    if (free > 0 && !(await add(db, spentKeyOf(owner, file), window, free, granted)).added) free = 0;
  }
  if (Math.round(bytes) - free > 0) await add(db, keyOf(owner), window, Math.round(bytes) - free);
}

/** Whether the owner's own preparation of this offer left bytes not yet served today: that file is already paid for. */
export async function hasServingCredit(db: Db, owner: string, file: PreparedFileRef, at = Date.now()): Promise<boolean> {
  const window = dayWindow(at);
  const counters = countersFor(db, 'byte_counters');
  const granted = await counters.read(creditKeyOf(owner, file), window);
  return granted > 0 && (await counters.read(spentKeyOf(owner, file), window)) < granted;
}

/** The owner's bytes of the UTC day so far, and when that count starts again from zero. */
export async function ownerBytesToday(db: Db, owner: string, at = Date.now()): Promise<{ used: number; resetsAt: number }> {
  const window = dayWindow(at);
  return { used: await countersFor(db, 'byte_counters').read(keyOf(owner), window), resetsAt: window.resetsAt };
}
