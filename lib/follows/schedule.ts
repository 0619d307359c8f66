import 'server-only';
import type { Db } from '@/lib/db';

/**
 * The follow's next slot (a multiple of the period plus its own offset) at least half a period after `at`: a check
 * claimed at its slot is next due one period later, and a follow claimed just before its slot is not due again
 * moments after. SQL over `?` = at + period / 2, then the period; the slot formula's parameters come in that order.
 */
const NEXT_SLOT = '? - ((? - jitter_ms) % ?) + ?';
const slotParams = (at: number, periodMs: number) => {
  const base = at + Math.floor(periodMs / 2);
  return [base, base, periodMs, periodMs];
};

/**
 * Claims the follows whose check is due, in one statement, and moves each to its next slot. The claim is the schedule's only write: the check that follows writes
 * nothing when it finds nothing new. Two nodes claiming at once never both get a follow — the second one's
 * `next_check_at <= now` no longer holds once the first has moved it (PostgreSQL rechecks it on the locked row;
 * SQLite runs one writer at a time). A disabled account's follows are left where they are (the check itself
 * skips them too, should one be queued before the account was disabled): once enabled again, they are due.
 */
export async function claimDueFollows(db: Db, at: number, periodMs: number, limit: number): Promise<{ id: string; platform: string }[]> {
  return db.query<{ id: string; platform: string }>(
    `UPDATE follows SET last_check_at = ?, next_check_at = ${NEXT_SLOT}
     WHERE paused = 0 AND next_check_at <= ? AND id IN (
       SELECT id FROM follows WHERE paused = 0 AND next_check_at <= ?
         AND user_id NOT IN (SELECT id FROM users WHERE role = 'disabled')
       ORDER BY next_check_at LIMIT ?)
     RETURNING id, platform`,
    [at, ...slotParams(at, periodMs), at, at, limit],
  );
}

/** A check that could not run (the platform's breaker is open) is put off until `at` (never brought forward). */
export async function retryFollowAt(db: Db, id: string, at: number): Promise<void> {
  await db.run('UPDATE follows SET next_check_at = ? WHERE id = ? AND next_check_at < ?', [at, id, at]);
}

/** "Check now" is refused when the follow was checked less than this long ago. */
export const CHECK_NOW_GAP_MS = 15_000;

/**
 * Claims one of the user's follows for a check now, unless it is paused or was checked in the last few seconds;
 * its next slot moves as a scheduled claim would move it.
 */
export async function claimFollowNow(db: Db, userId: string, id: string, at: number, periodMs: number): Promise<boolean> {
  const result = await db.run(
    `UPDATE follows SET last_check_at = ?, next_check_at = ${NEXT_SLOT}
     WHERE id = ? AND user_id = ? AND paused = 0 AND (last_check_at IS NULL OR last_check_at <= ?)`,
    [at, ...slotParams(at, periodMs), id, userId, at - CHECK_NOW_GAP_MS],
  );
  return result.changes > 0;
}
