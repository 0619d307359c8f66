import 'server-only';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import { REFRESH_COOKIE } from '../cookies';
import { refreshTokenHolder } from '../refresh-tokens';
import { getCredential } from '../session';

/**
 * The account signed in on this browser request, for the end of a link started from Settings: its session (the
 * access cookie, or a trusted forward-auth proxy's word), else its refresh cookie when the access cookie lapsed
 * during the trip to the provider — read, not rotated, so the browser's session is left as it was. Null when
 * nobody is (a bad or disabled credential counts as nobody).
 */
export async function signedInAccountId(db: Db, req: NextRequest): Promise<string | null> {
  const caller = await getCredential(async () => db, req).catch(() => null);
  if (caller) return caller.via === 'session' ? caller.user.id : null;
  const refresh = req.cookies.get(REFRESH_COOKIE)?.value;
  return refresh ? refreshTokenHolder(db, refresh) : null;
}
