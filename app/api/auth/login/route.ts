import { loginSchema } from '@/lib/auth/credentials';
import { sessionResponse } from '@/lib/auth/session-response';
import { signIn } from '@/lib/auth/sessions';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/auth/login {email, password} → {accessToken, refreshToken, user} and the session cookies. */
export const POST = route({ auth: 'none', body: loginSchema }, async ({ req, caller, body: { email, password } }) =>
  sessionResponse(req, await signIn(await services().db(), caller, email, password)),
);
