import 'server-only';
import type { NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { bearerToken } from '@/lib/http/bearer';
import { verifyAccessToken } from './access-token';
import { looksLikeApiToken, userForApiToken } from './api-tokens';
import { ACCESS_COOKIE } from './cookies';
import type { User } from './users';

export type { User } from './users';

/** Who is calling and how: rate limits differ for API tokens and browser sessions. */
export interface Caller {
  user: User;
  via: 'session' | 'api_token';
}

/**
 * The caller from `Authorization: Bearer <access JWT | gl_ API token>`, else from the `gl_access` cookie.
 * Null when nothing is presented; 401 when a Bearer credential is presented but invalid, so an API client
 * learns its token is wrong instead of silently running as anonymous.
 */
export async function getCaller(req: NextRequest): Promise<Caller | null> {
  const bearer = bearerToken(req.headers);
  if (bearer) {
    if (looksLikeApiToken(bearer)) {
      const user = await userForApiToken(await getDb(), bearer);
      if (user) return { user, via: 'api_token' };
      throw new AppError('unauthorized', 'This API token is not valid. Generate a new one in Settings.');
    }
    const user = await verifyAccessToken(bearer);
    if (user) return { user, via: 'session' };
    throw new AppError('unauthorized', 'Sign in to continue');
  }
  const cookie = req.cookies.get(ACCESS_COOKIE)?.value;
  const user = cookie ? await verifyAccessToken(cookie) : null;
  return user ? { user, via: 'session' } : null;
}

export interface UserOptions {
  /**
   * API tokens are a credential for the public media API only; account endpoints (settings, history, minting a
   * new token) want a real session, so a leaked token cannot take over the account. Off by default.
   */
  allowApiToken?: boolean;
}

/** The signed-in user, or null (an invalid credential counts as none). */
export async function getUser(req: NextRequest, options: UserOptions = {}): Promise<User | null> {
  try {
    const caller = await getCaller(req);
    return caller && (caller.via === 'session' || options.allowApiToken) ? caller.user : null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') return null;
    throw error;
  }
}

/** The signed-in user, or 401 (403 for an API token where only a session will do). */
export async function requireUser(req: NextRequest, options: UserOptions = {}): Promise<User> {
  const caller = await getCaller(req);
  if (!caller) throw new AppError('unauthorized', 'Sign in to continue');
  if (caller.via === 'api_token' && !options.allowApiToken) {
    throw new AppError('forbidden', 'API tokens work only with the media API. Sign in to continue.');
  }
  return caller.user;
}
