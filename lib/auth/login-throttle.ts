import 'server-only';
import { createHash } from 'node:crypto';
import type { Caller } from './caller';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { runPeriodically } from '@/lib/rate-limit/periodic';

const WINDOW_MS = 15 * 60 * 1000;
/** Guesses at one account from one address per window (sign-ins of any account from one address: LOGIN_ADDRESS_LIMIT). */
export const LOGIN_LIMITS = { perAccount: 10 };

/**
 * Counts a sign-in attempt before the password is checked (so parallel guesses cannot slip past the count) and
 * throws 429 when a window is full. A request with no known client address (made in-process, not by a socket)
 * has no per-address bucket.
 */
export async function countLoginAttempt(db: Db, caller: Caller, email: string): Promise<void> {
  runPeriodically('login-attempts', 10 * 60 * 1000, () =>
    db.run('DELETE FROM login_attempts WHERE window_start < ?', [now() - WINDOW_MS]),
  );
  const checks: Array<[string, number]> = [[accountKey(caller, email), LOGIN_LIMITS.perAccount]];
  if (caller.address !== 'local') checks.push([`login:${caller.addressKey}`, config().env.LOGIN_ADDRESS_LIMIT]);
  for (const [key, limit] of checks) {
    const { count, window_start: windowStart } = await hit(db, key);
    if (count > limit) {
      const seconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new AppError('rate_limited', `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        retryAfter: seconds,
      });
    }
  }
}

/** A successful sign-in forgives this account's earlier misses from this address. */
export async function clearLoginAttempts(db: Db, caller: Caller, email: string): Promise<void> {
  await db.run('DELETE FROM login_attempts WHERE key = ?', [accountKey(caller, email)]);
}

function accountKey(caller: Caller, email: string): string {
  return `login:acct:${createHash('sha256').update(`${caller.addressKey}|${email}`).digest('hex').slice(0, 32)}`;
}

/** One more attempt under `key` in its 15-minute window (a window that has passed starts over at 1). */
export async function hit(db: Db, key: string): Promise<{ count: number; window_start: number }> {
  const at = now();
  // One atomic statement on both engines: a window that has passed starts over at 1.
  const row = await db.get<{ count: number; window_start: number }>(
    `INSERT INTO login_attempts (key, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN login_attempts.window_start <= ? THEN 1 ELSE login_attempts.count + 1 END,
       window_start = CASE WHEN login_attempts.window_start <= ? THEN ? ELSE login_attempts.window_start END
     RETURNING count, window_start`,
    [key, at, at - WINDOW_MS, at - WINDOW_MS, at],
  );
  return { count: Number(row!.count), window_start: Number(row!.window_start) };
}
