import { registerSchema } from '@/lib/auth/credentials';
import { countRegistration } from '@/lib/auth/register-throttle';
import { route } from '@/lib/auth/route';
import { registerUser } from '@/lib/auth/users';
import { getDb } from '@/lib/db';
import { ok } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/auth/register {email, password} → 201 {email}, whether or not the address already had an account (the
 * answer never tells), at most a few per address in a window. No session: the form sends the visitor to /login.
 */
export const POST = route({ auth: 'none', body: registerSchema }, async ({ req, body: { email, password } }) => {
  const db = await getDb();
  await countRegistration(db, req);
  return ok(await registerUser(db, email, password), { status: 201 });
});
