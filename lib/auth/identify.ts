import 'server-only';
import type { NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import { meter, peek, type Metering, type Quota } from '@/lib/rate-limit/counters';
import { quotasFor } from '@/lib/rate-limit/quotas';
import { dayWindow } from '@/lib/rate-limit/windows';
import type { Auth, QuotaSpec } from './route';
import { getCaller, getCallerOrNone, requireScope, requireUser, type Caller, type User } from './session';
import type { TokenScope } from './token-scopes';

interface Spec<B> {
  auth: Auth;
  quota?: QuotaSpec<B>;
  scope?: TokenScope;
}

/** Who is calling, as the route's `auth` and `scope` allow, charged as its `quota` says (route.ts). */
export async function identify<B>(
  req: NextRequest,
  { auth, quota, scope }: Spec<B>,
  charge: (metering: Metering) => void,
): Promise<{ user: User | null; caller: Caller | null }> {
  if (auth === 'none' || auth === 'admin') return { user: null, caller: null };
  if (auth === 'optional' || auth === 'user') {
    if (!scope) return { user: auth === 'user' ? await requireUser(req) : sessionOnly(await getCallerOrNone(req)), caller: null };
    const found = auth === 'user' ? await getCaller(req) : await getCallerOrNone(req);
    if (!found) {
      if (auth === 'user') throw new AppError('unauthorized', 'Sign in to continue');
      return { user: null, caller: null };
    }
    requireScope(found, scope);
    return { user: found.user, caller: found };
  }
  const count = async (who: Caller | null) => {
    if (quota?.kind !== 'api') return;
    const db = await getDb();
    const measure = quota.metered === false ? peek : meter;
    const { key, quotas } = quotasFor(req, who);
    charge(await measure(db, key, quotas as Quota[]));
    // A token's own daily limit counts within the account's API limits, never beyond them.
    const limit = who?.token?.dailyLimit;
    if (who?.token && limit) {
      const own: Quota = { window: dayWindow(now()), limit, message: `This token's daily limit is reached (${limit} requests). It resets at 00:00 UTC.` };
      charge(await measure(db, `apitoken:${who.token.id}`, [own]));
    }
  };
  let caller: Caller | null;
  try {
    caller = await getCaller(req);
  } catch (error) {
    // A wrong token is still a request from this address: count it, so guessing tokens is limited too.
    await count(null);
    throw error;
  }
  if (caller && scope) requireScope(caller, scope);
  await count(caller);
  return { user: caller?.user ?? null, caller };
}

/**
 * Where signing in is optional and no scope lets a token in, a session's user or nobody: an API token is refused
 * (403 forbidden) rather than served as an anonymous visitor, so a token never does work its scopes do not name.
 * An invalid credential still counts as none.
 */
function sessionOnly(found: Caller | null): User | null {
  if (found?.via === 'api_token') throw new AppError('forbidden', 'API tokens work only with the media API. Sign in to continue.');
  return found?.user ?? null;
}
