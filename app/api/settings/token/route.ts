import { getApiTokenInfo, issueApiToken } from '@/lib/auth/api-tokens';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/settings/token → {prefix, createdAt, lastUsedAt} of the active token, or null. */
export const GET = route({ auth: 'user' }, async ({ user }) => getApiTokenInfo(await services().db(), user.id));

/** POST /api/settings/token → {token, prefix, createdAt}; the token is shown this once, the previous one dies. */
export const POST = route({ auth: 'user' }, async ({ user }) => issueApiToken(await services().db(), user.id));
