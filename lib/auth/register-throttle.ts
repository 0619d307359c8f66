import 'server-only';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { clientIp, ipKey } from '@/lib/rate-limit/client-ip';
import { hit } from './login-throttle';

const WINDOW_MS = 15 * 60 * 1000;
/** Registrations from one address per 15-minute window: enough for a household, too few to mass-create accounts. */
export const REGISTER_LIMIT = 5;

/**
 * Counts a registration from this address before anything is written, and throws 429 once the window is full.
 * Without a trusted client address (TRUST_PROXY unset) there is no per-address bucket: it would be one bucket for
 * everyone, and anyone could close registration for the whole site.
 */
export async function countRegistration(db: Db, req: NextRequest): Promise<void> {
  if (clientIp(req) === 'local') return;
  const { count, window_start: windowStart } = await hit(db, `register:${ipKey(req)}`);
  if (count <= REGISTER_LIMIT) return;
  const seconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError('rate_limited', `Too many new accounts from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    retryAfter: seconds,
  });
}
