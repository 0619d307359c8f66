import 'server-only';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { bearerToken } from '@/lib/http/bearer';
import { verifyAccessToken } from './access-token';
import { looksLikeApiToken, userForApiToken } from './api-tokens';
import { ACCESS_COOKIE } from './cookies';
import { forwardAuthAccount, proxiedEmail } from './forward-auth';
import { activeAccount, refuseDisabled, type Account, type Role } from './roles';
import type { TokenScope } from './token-scopes';
import type { User } from './users';

export type { User } from './users';

/** How a caller proved who they are: rate limits differ for API tokens and browser sessions. */
export interface Credential {
  user: User;
  via: 'session' | 'api_token';
  /** Read from the store on this request, never from the token. */
  role: Role;
  /** An API token's own grant: its scopes and daily limit. */
  token?: { id: string; scopes: TokenScope[]; dailyLimit: number | null };
}

const credential = (account: Account, via: Credential['via']): Credential => ({ user: { id: account.id, email: account.email }, via, role: account.role });

/** 403 `token_scope` when an API token lacks `scope`; sessions may do everything their account may. */
export function requireScope(found: Credential, scope: TokenScope): void {
  if (found.via === 'api_token' && !found.token?.scopes.includes(scope)) {
    throw new AppError('token_scope', `This API token does not have the "${scope}" scope`);
  }
}

/**
 * The credential from `Authorization: Bearer <access JWT | gl_ API token>`, else from a trusted forward-auth proxy's
 * header (forward-auth.ts), else from the `gl_access` cookie. Every credential is checked against the store's
 * account on each request, so a disabled account is refused (403 account_disabled) at once, on every node.
 * Null when nothing is presented (or a cookie names an account that no longer exists); 401 when a Bearer
 * credential is presented but invalid, so an API client learns its token is wrong instead of silently running as
 * anonymous.
 */
export async function getCredential(db: () => Promise<Db>, req: NextRequest): Promise<Credential | null> {
  const bearer = bearerToken(req.headers);
  if (bearer) {
    if (looksLikeApiToken(bearer)) {
      const holder = await userForApiToken(await db(), bearer);
      if (holder) {
        return { ...credential(refuseDisabled(holder), 'api_token'), token: { id: holder.tokenId, scopes: holder.scopes, dailyLimit: holder.dailyLimit } };
      }
      throw new AppError('unauthorized', 'This API token is not valid. Generate a new one in Settings.');
    }
    const user = await verifyAccessToken(bearer);
    if (user) return credential(await activeAccount(await db(), user.id), 'session');
    throw new AppError('unauthorized', 'Sign in to continue');
  }
  const proxied = proxiedEmail(req.headers);
  if (proxied) return credential(await forwardAuthAccount(await db(), proxied), 'session');
  const cookie = req.cookies.get(ACCESS_COOKIE)?.value;
  const user = cookie ? await verifyAccessToken(cookie) : null;
  if (!user) return null;
  try {
    return credential(await activeAccount(await db(), user.id), 'session');
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') return null;
    throw error;
  }
}

export interface UserOptions {
  /**
   * API tokens are a credential for the public media API only; account endpoints (settings, history, minting a
   * new token) want a real session, so a leaked token cannot take over the account. Off by default.
   */
  allowApiToken?: boolean;
}

// A credential that names no usable account: the caller counts as anonymous where signing in is optional.
const NOT_SIGNED_IN = new Set<string>(['unauthorized', 'account_disabled', 'registration_closed', 'invite_required']);

/** The caller, or null when the credential names no usable account (it counts as none where signing in is optional). */
export async function getCredentialOrNone(db: () => Promise<Db>, req: NextRequest): Promise<Credential | null> {
  try {
    return await getCredential(db, req);
  } catch (error) {
    if (error instanceof AppError && NOT_SIGNED_IN.has(error.code)) return null;
    throw error;
  }
}

/** The signed-in user, or null (an invalid credential counts as none). */
export async function getUser(db: () => Promise<Db>, req: NextRequest, options: UserOptions = {}): Promise<User | null> {
  const caller = await getCredentialOrNone(db, req);
  return caller && (caller.via === 'session' || options.allowApiToken) ? caller.user : null;
}

/** The signed-in user, or 401 (403 for an API token where only a session will do). */
export async function requireUser(db: () => Promise<Db>, req: NextRequest, options: UserOptions = {}): Promise<User> {
  const caller = await getCredential(db, req);
  if (!caller) throw new AppError('unauthorized', 'Sign in to continue');
  if (caller.via === 'api_token' && !options.allowApiToken) {
    throw new AppError('forbidden', 'API tokens work only with the media API. Sign in to continue.');
  }
  return caller.user;
}

/**
 * For the admin routes: the signed-in admin (a session, never an API token), or 404 for everyone else — anonymous,
 * members, disabled accounts, bad credentials alike — so nobody else learns the route exists.
 */
export async function requireAdmin(db: () => Promise<Db>, req: NextRequest): Promise<User> {
  const found = await getCredential(db, req).catch(() => null);
  if (!found || found.via !== 'session' || found.role !== 'admin') throw new AppError('not_found', 'Not found');
  return found.user;
}
