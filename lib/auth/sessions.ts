import 'server-only';
import type { Caller } from './caller';
import type { Db } from '@/lib/db';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { runPeriodically } from '@/lib/rate-limit/periodic';
import { signAccessToken } from './access-token';
import { clearLoginAttempts, countLoginAttempt } from './login-throttle';
import { spendPasswordTime, verifyPassword } from './password';
import { issueRefreshToken, purgeExpiredRefreshTokens, rotateRefreshToken } from './refresh-tokens';
import type { Session, User } from './credentials';
import { refuseDisabled, type Account } from './roles';
import { findUserWithPassword } from './users';

export type { Session } from './credentials';

const SIGNED_OUT = 'Your session has ended. Sign in again.';

/** Email and password → a new session (a new refresh family). One message for every failure. */
export async function signIn(db: Db, caller: Caller, email: string, password: string): Promise<Session> {
  if (config().env.OIDC_ONLY) throw new AppError('password_sign_in_disabled', 'This server signs you in through its identity provider only');
  await countLoginAttempt(db, caller, email);
  const row = await findUserWithPassword(db, email);
  // Unknown emails cost the same scrypt time as wrong passwords, so neither answer nor timing tells them apart.
  const valid = row ? await verifyPassword(password, row.password_hash) : await spendPasswordTime(password).then(() => false);
  if (!row || !valid) throw new AppError('unauthorized', 'Invalid email or password');
  await clearLoginAttempts(db, caller, email);
  // Only now, with the password proven: telling a guesser that an account is disabled would confirm it exists.
  refuseDisabled(row);
  // A password proves who holds it, not the address: ADMIN_EMAILS makes nobody admin here (roles.ts, AdminProof).
  return startSession(db, { id: row.id, email: row.email, role: row.role });
}

/** A new session (a new refresh family) for an account already proven: by password, identity provider or proxy. */
export async function startSession(db: Db, account: Account): Promise<Session> {
  runPeriodically('refresh-tokens', 60 * 60 * 1000, () => purgeExpiredRefreshTokens(db));
  const user = { id: account.id, email: account.email };
  return { user, accessToken: await signAccessToken(user), refreshToken: await issueRefreshToken(db, user.id) };
}

/** POST /api/auth/refresh: strict rotation; any replayed token revokes its family. */
export async function refreshSession(db: Db, refreshToken: string | undefined): Promise<Session> {
  if (!refreshToken) throw new AppError('unauthorized', SIGNED_OUT);
  const rotation = await rotateRefreshToken(db, refreshToken);
  if (rotation.kind !== 'rotated') throw new AppError('unauthorized', SIGNED_OUT);
  return { user: rotation.user, refreshToken: rotation.refreshToken, accessToken: await signAccessToken(rotation.user) };
}

/**
 * The page guard's renewal: like refreshSession, but a token replaced seconds ago by a parallel request of the
 * same page load yields an access token only (the browser already holds the newer refresh cookie). Null when
 * the session cannot be renewed.
 */
export async function renewForPage(db: Db, refreshToken: string): Promise<{ user: User; accessToken: string; refreshToken?: string } | null> {
  const rotation = await rotateRefreshToken(db, refreshToken, { allowRace: true });
  if (rotation.kind === 'invalid') return null;
  const accessToken = await signAccessToken(rotation.user);
  return rotation.kind === 'rotated' ? { user: rotation.user, accessToken, refreshToken: rotation.refreshToken } : { user: rotation.user, accessToken };
}
