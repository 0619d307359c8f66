import 'server-only';
import type { Db } from '@/lib/db';
import { readPreferences } from '@/lib/settings/settings-store';

const DAY_MS = 24 * 60 * 60 * 1000;
/** History kept forever still keeps a background download's file at most this long. */
export const FOLLOW_KEEP_CAP_DAYS = 365;

/** How many days a retention setting keeps a file: its days, or the cap for "forever" (and anything above it). */
export function keepDays(historyRetention: number): number {
  return historyRetention > 0 ? Math.min(historyRetention, FOLLOW_KEEP_CAP_DAYS) : FOLLOW_KEEP_CAP_DAYS;
}

/** Until when a followed upload downloaded in the background is kept for its user: their history retention. */
export async function followKeepUntil(db: Db, userId: string, now: number): Promise<number> {
  const { historyRetention } = await readPreferences(db, userId);
  return now + keepDays(historyRetention) * DAY_MS;
}
