import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import type { Caller } from './caller';
import { hit } from './login-throttle';

const WINDOW_MS = 15 * 60 * 1000;
/**
 * Counts a registration from this address before anything is written, and throws 429 once the 15-minute window
 * holds REGISTER_ADDRESS_LIMIT (default 5: enough for a household, too few to mass-create accounts). A request with
 * no known client address (made in-process, not by a socket) has no per-address bucket.
 */
export async function countRegistration(db: Db, caller: Pick<Caller, 'address' | 'addressKey'>): Promise<void> {
  if (caller.address === 'local') return;
  const { count, window_start: windowStart } = await hit(db, `register:${caller.addressKey}`);
  if (count <= config().env.REGISTER_ADDRESS_LIMIT) return;
  const seconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError('rate_limited', `Too many new accounts from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    retryAfter: seconds,
  });
}
