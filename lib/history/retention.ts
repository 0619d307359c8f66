import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { runPeriodically } from '@/lib/rate-limit/periodic';
import { DEFAULT_PREFERENCES, HISTORY_RETENTIONS } from '@/lib/settings/schemas';

const DAY_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

const cutoff = (days: number, at: number) => at - days * DAY_MS;

/** The user's entries older than their retention; -1 keeps everything. */
export async function purgeUserHistory(db: Db, userId: string, days: number, at = now()): Promise<number> {
  if (days < 0) return 0;
  return (await db.run('DELETE FROM history WHERE user_id = ? AND downloaded_at < ?', [userId, cutoff(days, at)])).changes;
}

/**
 * Every user's expired entries, one statement per retention option (not one per user). A user who never saved
 * settings has no row and keeps the default; a row with a value outside the options is left alone.
 */
export async function purgeAllHistory(db: Db, at = now()): Promise<number> {
  let deleted = 0;
  for (const days of HISTORY_RETENTIONS) {
    if (days < 0) continue;
    const { changes } = await db.run(
      'DELETE FROM history WHERE downloaded_at < ? AND user_id IN (SELECT user_id FROM user_settings WHERE history_retention = ?)',
      [cutoff(days, at), days],
    );
    deleted += changes;
  }
  const { changes } = await db.run(
    'DELETE FROM history WHERE downloaded_at < ? AND user_id NOT IN (SELECT user_id FROM user_settings)',
    [cutoff(DEFAULT_PREFERENCES.historyRetention, at)],
  );
  return deleted + changes;
}

/** Housekeeping rides on history traffic: at most once an hour per process, in the background. */
export function purgeHistoryPeriodically(db: Db): void {
  runPeriodically('history-retention', PURGE_EVERY_MS, () => purgeAllHistory(db));
}
