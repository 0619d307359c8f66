import { revokeNamedToken } from '@/lib/auth/named-tokens';
import { tokenParamsSchema } from '@/lib/auth/token-scopes';
import { route, services } from '@/lib/server';
import { AppError } from '@/lib/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** DELETE /api/auth/tokens/{id}: the token stops working at once; 404 when the account has no such live token. */
export const DELETE = route({ auth: 'user', params: tokenParamsSchema, notFound: 'Token not found' }, async ({ user, params }) => {
  if (!(await revokeNamedToken(await services().db(), user.id, params.id))) throw new AppError('not_found', 'Token not found');
  return null;
});
