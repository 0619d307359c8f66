import 'server-only';
import type { Db } from '@/lib/db';
import type { UserLimits, UserLimitsAnswer } from './schemas';

const DEFAULTS: UserLimits = { concurrentJobs: null, dailyBytes: null };

/** The limits an admin set for the user; both null when none were (the instance defaults apply). */
export async function readUserLimits(db: Db, userId: string): Promise<UserLimits> {
  const row = await db.get<{ concurrent_jobs: number | null; daily_bytes: number | string | null }>(
    'SELECT concurrent_jobs, daily_bytes FROM user_limits WHERE user_id = ?', [userId],
  );
  if (!row) return DEFAULTS;
  return {
    concurrentJobs: row.concurrent_jobs === null ? null : Number(row.concurrent_jobs),
    dailyBytes: row.daily_bytes === null ? null : Number(row.daily_bytes),
  };
}

/** Sets both limits (null: back to the default); a user with no limit of their own keeps no row. */
export async function writeUserLimits(db: Db, userId: string, limits: UserLimits, now: number): Promise<void> {
  if (limits.concurrentJobs === null && limits.dailyBytes === null) {
    await db.run('DELETE FROM user_limits WHERE user_id = ?', [userId]);
    return;
  }
  await db.run(
    `INSERT INTO user_limits (user_id, concurrent_jobs, daily_bytes, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET concurrent_jobs = excluded.concurrent_jobs, daily_bytes = excluded.daily_bytes,
       updated_at = excluded.updated_at`,
    [userId, limits.concurrentJobs, limits.dailyBytes, now],
  );
}

/** The user's limits with today's bytes (UTC), for the admin; undefined when no such user exists. */
export async function userLimitsAnswer(db: Db, userId: string, usedBytes: (owner: string) => Promise<number>): Promise<UserLimitsAnswer | undefined> {
  if (!(await db.get('SELECT id FROM users WHERE id = ?', [userId]))) return undefined;
  return { ...(await readUserLimits(db, userId)), usedBytesToday: await usedBytes(`user:${userId}`) };
}
