import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { emailSchema } from '../credentials';
import { promoteIfListed, refuseDisabled, type Account } from '../roles';
import { createAccount, findAccountByEmail, NO_PASSWORD, type Admission } from '../users';
import type { OidcIdentity } from './flow';

/**
 * The account an identity provider's sign-in opens:
 * 1. the account already linked to this issuer and subject;
 * 2. else the account with this email, linked now — only when the provider says the email is verified, or anyone
 *    who can set an unverified address at the provider would take over the local account that uses it;
 * 3. else a new account, as REGISTRATION allows (an invite or the setup token travels through the sign-in).
 * A member of OIDC_ADMIN_GROUP (the `groups` claim) becomes admin; nobody is demoted here. Disabled stays disabled.
 */
export async function accountForIdentity(db: Db, identity: OidcIdentity, admission: Admission = {}): Promise<Account> {
  const subject = `${identity.issuer} ${identity.sub}`;
  const adminGroup = config().env.OIDC_ADMIN_GROUP;
  const byGroup = Boolean(adminGroup && identity.groups.includes(adminGroup));
  const settle = (account: Account) => promoteIfListed(db, refuseDisabled(account), byGroup);

  const linked = await db.get<Account>('SELECT id, email, role FROM users WHERE oidc_subject = ?', [subject]);
  if (linked) return settle(linked);

  const parsed = emailSchema.safeParse(identity.email);
  if (!parsed.success) throw new AppError('oidc_email_missing', 'The identity provider did not share an email address');
  const email = parsed.data;
  const existing = await findAccountByEmail(db, email);
  if (existing) {
    if (!identity.emailVerified) throw new AppError('oidc_email_unverified', 'The identity provider has not verified this email address');
    refuseDisabled(existing);
    const { changes } = await db.run('UPDATE users SET oidc_subject = ? WHERE id = ? AND oidc_subject IS NULL', [subject, existing.id]);
    if (changes === 0) throw new AppError('conflict', 'This account is already linked to another sign-in');
    return settle(existing);
  }
  const created = await createAccount(db, { email, passwordHash: NO_PASSWORD, oidcSubject: subject }, admission);
  // Null only when the same address was registered a moment ago: the next sign-in takes the branch above.
  if (!created) throw new AppError('conflict', 'An account with this email was just created. Try again.');
  return settle(created);
}
