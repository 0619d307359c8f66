import { registerSchema } from '@/lib/auth/credentials';
import { route } from '@/lib/auth/route';
import { createUser } from '@/lib/auth/users';
import { getDb } from '@/lib/db';
import { ok } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/auth/register {email, password} → 201 {user}. No session: the form sends the user to /login. */
export const POST = route({ auth: 'none', body: registerSchema }, async ({ body: { email, password } }) =>
  ok({ user: await createUser(await getDb(), email, password) }, { status: 201 }),
);
