import { createNamedToken, listNamedTokens } from '@/lib/auth/named-tokens';
import { createTokenSchema } from '@/lib/auth/token-scopes';
import { route, services } from '@/lib/server';
import { ok } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/auth/tokens → the account's live API tokens: name, scopes, expiry, limit, last use (never the token). */
export const GET = route({ auth: 'user' }, async ({ user }) => listNamedTokens(await services().db(), user.id));

/** POST /api/auth/tokens {name, scopes, expiresInDays?, dailyLimit?} → 201 with the token, shown this once. */
export const POST = route({ auth: 'user', body: createTokenSchema }, async ({ user, body }) =>
  ok(await createNamedToken(await services().db(), user.id, body), { status: 201 }),
);
