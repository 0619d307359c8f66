import { registerSchema } from '@/lib/auth/credentials';
import { countRegistration } from '@/lib/auth/register-throttle';
import { registerUser } from '@/lib/auth/users';
import { config } from '@/lib/config';
import { route, services } from '@/lib/server';
import { AppError } from '@/lib/errors';
import { ok } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/auth/register {email, password, invite?, setupToken?} → 201 {email}, whether or not the address already
 * had an account (the answer never tells), at most a few per address in a window. REGISTRATION decides who may join
 * (403 registration_closed, invite_required, invite_invalid); the setup token makes the first admin (403
 * setup_token_invalid). No session: the form sends the visitor to /login.
 */
export const POST = route({ auth: 'none', body: registerSchema }, async ({ caller, body: { email, password, invite, setupToken } }) => {
  if (config().env.OIDC_ONLY) throw new AppError('password_sign_in_disabled', 'This server signs you in through its identity provider only');
  const db = await services().db();
  await countRegistration(db, caller);
  return ok(await registerUser(db, email, password, { invite, setupToken }), { status: 201 });
});
