import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { AppError, isAppError } from '@/lib/errors';
import { emailSchema } from '../credentials';
import { promoteIfListed, refuseDisabled, type Account, type AdminProof } from '../roles';
import { createAccount, NO_PASSWORD, type Admission } from '../users';
import type { OidcIdentity } from './flow';

const subjectOf = (identity: OidcIdentity) => `${identity.issuer} ${identity.sub}`;

/** What this sign-in proves toward admin rights: the group claim, and the address only when the provider verified it. */
function adminProof(identity: OidcIdentity): AdminProof {
  const adminGroup = config().env.OIDC_ADMIN_GROUP;
  const parsed = emailSchema.safeParse(identity.email);
  return {
    group: Boolean(adminGroup && identity.groups.includes(adminGroup)),
    provenEmail: identity.emailVerified && parsed.success ? parsed.data : null,
  };
}

/**
 * The account an identity provider's sign-in opens:
 * 1. the account already linked to this issuer and subject;
 * 2. else, when an account already uses the email: linked now only if the provider verified the email AND the account
 *    has no password and no identity (a forward-auth proxy made it, so its address was proven). An account with a
 *    password is never opened this way: open registration checks no mailbox, so whoever set that password may not
 *    own the address, and linking would hand them the provider's person. Its owner signs in with the password and
 *    links the identity from Settings (linkIdentity);
 *    With OIDC_ONLY no password opens anything, so the verified address claims such an account instead — reset, as
 *    whoever set the password may not be its owner: the password is removed and every credential and secret that
 *    password's holder could have left (refresh tokens, API tokens, platform cookies, webhooks) is deleted;
 * 3. else a new account, as REGISTRATION allows (an invite or the setup token travels through the sign-in).
 * Admin rights as roles.ts's promoteIfListed says; nobody is demoted here. Disabled stays disabled.
 */
export async function accountForIdentity(db: Db, identity: OidcIdentity, admission: Admission = {}): Promise<Account> {
  const subject = subjectOf(identity);
  const settle = (account: Account) => promoteIfListed(db, refuseDisabled(account), adminProof(identity));

  const linked = await db.get<Account>('SELECT id, email, role FROM users WHERE oidc_subject = ?', [subject]);
  if (linked) return settle(linked);

  const parsed = emailSchema.safeParse(identity.email);
  if (!parsed.success) throw new AppError('oidc_email_missing', 'The identity provider did not share an email address');
  const email = parsed.data;
  const existing = await db.get<Account & { password_hash: string; oidc_subject: string | null }>(
    'SELECT id, email, role, password_hash, oidc_subject FROM users WHERE email = ?',
    [email],
  );
  if (existing) {
    if (!identity.emailVerified) throw new AppError('oidc_email_unverified', 'The identity provider has not verified this email address');
    refuseDisabled(existing);
    if (existing.oidc_subject !== null) throw new AppError('conflict', 'This account is already linked to another sign-in');
    const claimsPasswordAccount = existing.password_hash !== NO_PASSWORD;
    if (claimsPasswordAccount && !config().env.OIDC_ONLY) throw accountExists();
    // Conditional on both, so a password changed or an identity linked meanwhile is not overridden.
    const { changes } = await db.run(
      'UPDATE users SET oidc_subject = ?, password_hash = ? WHERE id = ? AND oidc_subject IS NULL AND password_hash = ?',
      [subject, NO_PASSWORD, existing.id, existing.password_hash],
    );
    if (changes === 0) throw new AppError('conflict', 'This account is already linked to another sign-in');
    if (claimsPasswordAccount) {
      for (const table of ['refresh_tokens', 'api_tokens', 'user_cookies', 'webhooks']) {
        await db.run(`DELETE FROM ${table} WHERE user_id = ?`, [existing.id]);
      }
    }
    return settle({ id: existing.id, email: existing.email, role: existing.role });
  }
  const created = await createAccount(db, { email, passwordHash: NO_PASSWORD, oidcSubject: subject }, admission);
  // Null only when the same address was registered a moment ago: the next sign-in takes the branch above.
  if (!created) throw new AppError('conflict', 'An account with this email was just created. Try again.');
  return settle(created);
}

const accountExists = () =>
  new AppError(
    'account_exists_sign_in_first',
    'An account with this address already exists. Sign in with its password, then link SSO from Settings.',
  );

/**
 * Links the identity to `userId`, the account its owner is signed in to (the callback checked the session is still
 * theirs): the owner's password proved the account, the provider's sign-in the identity, so the email plays no part.
 * Linking the same identity again changes nothing. Refused when the identity opens another account
 * (`oidc_identity_taken`) or this account already has another identity (`oidc_already_linked`).
 * Admin rights as at a sign-in through the provider.
 */
export async function linkIdentity(db: Db, userId: string, identity: OidcIdentity): Promise<Account> {
  const subject = subjectOf(identity);
  const taken = () => new AppError('oidc_identity_taken', 'This sign-in at the identity provider is already linked to another account');
  const holder = await db.get<{ id: string }>('SELECT id FROM users WHERE oidc_subject = ?', [subject]);
  if (holder && holder.id !== userId) throw taken();
  if (!holder) {
    let changes: number;
    try {
      ({ changes } = await db.run('UPDATE users SET oidc_subject = ? WHERE id = ? AND oidc_subject IS NULL', [subject, userId]));
    } catch (error) {
      // Another account took the identity between the read above and this write (users_oidc_subject is unique).
      if (isAppError(error) && error.details?.reason === 'unique') throw taken();
      throw error;
    }
    if (changes === 0) {
      const account = await db.get<Account>('SELECT id, email, role FROM users WHERE id = ?', [userId]);
      if (!account) throw new AppError('unauthorized', 'Sign in to continue');
      throw new AppError('oidc_already_linked', 'This account is already linked to another sign-in at the identity provider');
    }
  }
  const account = await db.get<Account>('SELECT id, email, role FROM users WHERE id = ?', [userId]);
  if (!account) throw new AppError('unauthorized', 'Sign in to continue');
  return promoteIfListed(db, refuseDisabled(account), adminProof(identity));
}

/** Whether the account has an identity at the provider linked (it then signs in through it). */
export async function hasLinkedIdentity(db: Db, userId: string): Promise<boolean> {
  const row = await db.get<{ oidc_subject: string | null }>('SELECT oidc_subject FROM users WHERE id = ?', [userId]);
  return Boolean(row?.oidc_subject);
}
