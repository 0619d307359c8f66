import { registerSchema } from '@/lib/auth/credentials';
import { createUser } from '@/lib/auth/users';
import { getDb } from '@/lib/db';
import { apiHandler, ok, readJson } from '@/lib/http/api-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/auth/register {email, password} → 201 {user}. No session: the form sends the user to /login. */
export const POST = apiHandler(async (req) => {
  const { email, password } = await readJson(req, registerSchema);
  return ok({ user: await createUser(await getDb(), email, password) }, { status: 201 });
});
