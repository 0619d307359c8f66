import { loginSchema } from '@/lib/auth/credentials';
import { sessionResponse } from '@/lib/auth/session-response';
import { signIn } from '@/lib/auth/sessions';
import { getDb } from '@/lib/db';
import { apiHandler, readJson } from '@/lib/http/api-handler';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/auth/login {email, password} → {accessToken, refreshToken, user} and the session cookies. */
export const POST = apiHandler(async (req) => {
  const { email, password } = await readJson(req, loginSchema);
  return sessionResponse(req, await signIn(await getDb(), req, email, password));
});
