import 'server-only';
import { UNTOLD_ANONYMOUS, type Caller } from '@/lib/auth/caller';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { SYSTEM_OWNER, type JobOwner } from '@/lib/jobs/runner';
import { ownerBytesToday } from './bytes';
import { readUserLimits } from './store';

const userIdOf = (owner: string) => (owner.startsWith('user:') ? owner.slice('user:'.length) : null);

/**
 * The owner's limits in force: the user's own where an admin set them, else the instance's; none for the untold
 * anonymous owner and for work nobody asked for.
 */
export async function limitsOf(db: Db, owner: string): Promise<{ concurrentJobs?: number; dailyBytes?: number }> {
  if (owner === UNTOLD_ANONYMOUS || owner === SYSTEM_OWNER.key) return {};
  const { env } = config();
  const userId = userIdOf(owner);
  const own = userId ? await readUserLimits(db, userId) : { concurrentJobs: null, dailyBytes: null };
  return { concurrentJobs: own.concurrentJobs ?? env.USER_CONCURRENT_JOBS, dailyBytes: own.dailyBytes ?? env.USER_DAILY_BYTES };
}

/** Refuses new work once the owner's prepared bytes of the UTC day have reached its limit, saying when it resets. */
export async function assertBytesLeft(db: Db, owner: string, limit: number | undefined): Promise<void> {
  if (limit === undefined) return;
  const { used, resetsAt } = await ownerBytesToday(db, owner);
  if (used < limit) return;
  const at = new Date(resetsAt).toISOString();
  throw new AppError('daily_bytes_exceeded', `Today's download allowance is used up. It renews at ${at}.`, { retryAt: at, limit });
}

/** The same check for work already queued (a batch's next item), its limit read now. */
export async function assertOwnerBytesLeft(db: Db, owner: string): Promise<void> {
  await assertBytesLeft(db, owner, (await limitsOf(db, owner)).dailyBytes);
}

/** The owner a caller's new jobs run as, with its concurrent-jobs limit; throws when its bytes for today are used up. */
export async function admitOwner(db: Db, caller: Pick<Caller, 'fairShareKey'>): Promise<JobOwner> {
  const key = caller.fairShareKey;
  const limits = await limitsOf(db, key);
  await assertBytesLeft(db, key, limits.dailyBytes);
  return { key, ...(limits.concurrentJobs ? { concurrentJobs: limits.concurrentJobs } : {}) };
}
