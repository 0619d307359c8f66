import 'server-only';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { meter, peek, type Metering, type Quota } from '@/lib/rate-limit/counters';
import { quotasFor } from '@/lib/rate-limit/quotas';
import { dayWindow } from '@/lib/rate-limit/windows';
import { callerOf, type Caller } from './caller';
import { getCredential, getCredentialOrNone, requireScope, requireUser, type Credential, type User } from './session';
import type { TokenScope } from './token-scopes';

/**
 * Who may call a route:
 * - `none`: anyone; no credential is read.
 * - `optional`: the signed-in user when there is one (an invalid credential counts as none).
 * - `user`: a signed-in session, else 401 (an API token is 403: it opens the media API only).
 * - `api`: the public media API — an API token, access token or session; anonymous allowed; a wrong Bearer
 *   credential is 401 and still counted against the address.
 * - `admin`: a signed-in admin's session. Everyone else gets 404 before anything else is looked at (no csrf,
 *   validation or sign-in answer), so the route does not exist for them.
 */
export type Auth = 'none' | 'optional' | 'user' | 'api' | 'admin';

/**
 * What a call costs:
 * - `api`: one request against the caller's daily/monthly API limits (`metered: false` shows the headers and
 *   counts nothing, for progress polling).
 * - `analyze`: the links the body starts analysing, against the hourly quota of the user or address; a body
 *   that does not validate starts nothing and is not charged.
 */
export type QuotaSpec<B> = { kind: 'api'; metered?: boolean } | { kind: 'analyze'; links: (body: B) => number };

interface Spec<B> {
  auth: Auth;
  quota?: QuotaSpec<B>;
  scope?: TokenScope;
}

/** Who is calling, as the route's `auth` and `scope` allow (an admin route's admin is found before), charged as its `quota` says. */
export async function identify<B>(
  db: () => Promise<Db>,
  req: NextRequest,
  { auth, quota, scope }: Spec<B>,
  charge: (metering: Metering) => void,
  admin: User | null = null,
): Promise<Caller> {
  const as = (user: User | null, credential: Credential | null = null) => callerOf(req.headers, user, credential);
  if (auth === 'none' || auth === 'admin') return as(admin);
  if (auth === 'optional' || auth === 'user') {
    if (!scope) return as(auth === 'user' ? await requireUser(db, req) : sessionOnly(await getCredentialOrNone(db, req)));
    const found = auth === 'user' ? await getCredential(db, req) : await getCredentialOrNone(db, req);
    if (!found) {
      if (auth === 'user') throw new AppError('unauthorized', 'Sign in to continue');
      return as(null);
    }
    requireScope(found, scope);
    return as(found.user, found);
  }
  const count = async (who: Caller) => {
    if (quota?.kind !== 'api') return;
    const store = await db();
    const measure = quota.metered === false ? peek : meter;
    const { key, quotas } = quotasFor(who);
    charge(await measure(store, key, quotas as Quota[]));
    // A token's own daily limit counts within the account's API limits, never beyond them.
    const token = who.credential?.token;
    if (token?.dailyLimit) {
      const limit = token.dailyLimit;
      const own: Quota = { window: dayWindow(now()), limit, message: `This token's daily limit is reached (${limit} requests). It resets at 00:00 UTC.` };
      charge(await measure(store, `apitoken:${token.id}`, [own]));
    }
  };
  let found: Credential | null;
  try {
    found = await getCredential(db, req);
  } catch (error) {
    // A wrong token is still a request from this address: count it, so guessing tokens is limited too.
    await count(as(null));
    throw error;
  }
  if (found && scope) requireScope(found, scope);
  const caller = as(found?.user ?? null, found);
  await count(caller);
  return caller;
}

/**
 * Where signing in is optional and no scope lets a token in, a session's user or nobody: an API token is refused
 * (403 forbidden) rather than served as an anonymous visitor, so a token never does work its scopes do not name.
 * An invalid credential still counts as none.
 */
function sessionOnly(found: Credential | null): User | null {
  if (found?.via === 'api_token') throw new AppError('forbidden', 'API tokens work only with the media API. Sign in to continue.');
  return found?.user ?? null;
}
