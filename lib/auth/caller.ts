import 'server-only';
import { createHash } from 'node:crypto';
import { clientAddress } from '@/lib/http/client-address';
import type { Credential, User } from './session';

/**
 * Anonymous work with no known address (a request made in-process, not by a socket) runs as this one owner: it
 * takes turns with everyone else as one, holds no in-flight slots, and the per-owner limits do not bind it.
 */
export const UNTOLD_ANONYMOUS = 'anon';

/**
 * Who is calling, worked out once per request and handed to everything that keys on the caller. The key formats
 * are stored (counters, queued jobs, served bytes) and never change: 'user:<id>' for a signed-in account,
 * 'ip:<hash>' for an anonymous address (the store never holds a visitor's address), `UNTOLD_ANONYMOUS` for
 * anonymous work with no address.
 */
export interface Caller {
  accountId: string | null;
  user: User | null;
  /** How the account proved itself on this request (a session or an API token, with the token's grant). */
  credential: Credential | null;
  /** The visitor's address (client-address.ts); 'local' for a request made in-process. */
  address: string;
  /** The address's key, whoever is signed in: per-address throttles (sign-in, registration, telemetry). */
  addressKey: string;
  /** Whose turn the caller's jobs take in the job queue, and whose concurrent-job and daily-byte limits bind. */
  fairShareKey: string;
  /** What the caller's request and analysis counters key on: the account, else the address. */
  rateLimitKey: string;
  /** Who the day's active-client count counts: the account, else the address (only ever stored salted). */
  activeSubject: string;
}

/** The caller behind `headers`, as the credential (if any was read) names them. */
export function callerOf(headers: Headers, user: User | null, credential: Credential | null = null): Caller {
  const address = clientAddress(headers);
  const addressKey = `ip:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
  const accountKey = user ? `user:${user.id}` : undefined;
  const fairShareKey = accountKey ?? (address === 'local' ? UNTOLD_ANONYMOUS : addressKey);
  const rateLimitKey = accountKey ?? addressKey;
  return { accountId: user?.id ?? null, user, credential, address, addressKey, fairShareKey, rateLimitKey, activeSubject: accountKey ?? `addr:${address}` };
}
