import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import { AppError } from '@/lib/errors';
import type { User } from './credentials';
import { inviteUsable, spendInvite } from './invites';
import { hashPassword } from './password';
import { hasAdmin, type Account, type Role } from './roles';
import { claimSetupToken, discardSetupToken, type SetupClaim } from './setup-token';

export type { User } from './credentials';

/**
 * The password hash of an account made through an identity provider or a forward-auth proxy: not a scrypt hash, so
 * verifyPassword refuses every password for it.
 */
export const NO_PASSWORD = '!';

/** What lets a new account in besides open registration: an admin's invite, or the instance's one-time setup token. */
export interface Admission {
  invite?: string;
  setupToken?: string;
}

interface UserRow extends Account {
  password_hash: string;
}

/**
 * Creates the account unless the address is taken (then nothing changes and null comes back, so the caller can
 * answer the same either way). Who may join: the setup token makes the first admin whatever REGISTRATION says;
 * otherwise `closed` refuses, `invite` needs a live invite (spent in the same transaction), `open` lets anyone in.
 */
export async function createAccount(
  db: Db,
  input: { email: string; passwordHash: string; oidcSubject?: string },
  admission: Admission = {},
): Promise<Account | null> {
  let claim: SetupClaim | null = null;
  // A member, whatever ADMIN_EMAILS says: an address is proven only by the sign-in that follows (roles.ts, AdminProof).
  let role: Role = 'member';
  let invite: string | undefined;
  if (admission.setupToken) {
    // The token exists to make the first admin: once there is one (a proven listed address, a group, an earlier
    // token), it is void.
    if (await hasAdmin(db)) {
      discardSetupToken();
      throw new AppError('setup_token_invalid', 'This setup token is not valid or has already been used');
    }
    claim = claimSetupToken(admission.setupToken);
    if (!claim) throw new AppError('setup_token_invalid', 'This setup token is not valid or has already been used');
    role = 'admin';
  } else {
    const mode = config().env.REGISTRATION;
    if (mode === 'closed') throw new AppError('registration_closed', 'This server does not take new accounts');
    if (mode === 'invite') {
      if (!admission.invite) throw new AppError('invite_required', 'This server takes new accounts by invitation only');
      if (!(await inviteUsable(db, admission.invite))) throw invalidInvite();
      invite = admission.invite;
    }
  }
  let created: Account | null = null;
  try {
    created = await db.transaction(async (tx) => {
      const row = await tx.get<{ id: string }>(
        `INSERT INTO users (id, email, password_hash, created_at, role, oidc_subject) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [newId('usr'), input.email, input.passwordHash, now(), role, input.oidcSubject ?? null],
      );
      if (!row) return null;
      if (invite && !(await spendInvite(tx, invite, row.id))) throw invalidInvite();
      return { id: row.id, email: input.email, role };
    });
  } finally {
    if (created) claim?.spend();
    else claim?.release();
  }
  return created;
}

const invalidInvite = () => new AppError('invite_invalid', 'This invite is not valid: it was used, withdrawn or has expired');

/**
 * Registers `email` (already normalised, credentials.ts) unless it is taken, and answers the same either way:
 * the caller must not learn whether an address has an account. The password is hashed in both cases, so the time
 * taken tells nothing either. Whoever already owns the address simply signs in as before.
 */
export async function registerUser(db: Db, email: string, password: string, admission: Admission = {}): Promise<{ email: string }> {
  const hash = await hashPassword(password);
  await createAccount(db, { email, passwordHash: hash }, admission);
  return { email };
}

export async function findUserWithPassword(db: Db, email: string): Promise<UserRow | undefined> {
  return db.get<UserRow>('SELECT id, email, role, password_hash FROM users WHERE email = ?', [email]);
}

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db.get<Account>('SELECT id, email, role FROM users WHERE email = ?', [email]);
}

export async function findUser(db: Db, id: string): Promise<User | undefined> {
  return db.get<User>('SELECT id, email FROM users WHERE id = ?', [id]);
}
