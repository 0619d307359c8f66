import { recordAudit } from '@/lib/admin/audit';
import { deleteInvite, inviteParamsSchema } from '@/lib/auth/invites';
import { route, services } from '@/lib/server';
import { AppError } from '@/lib/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** DELETE /api/admin/invites/{id}: withdraws the invite; admins only, 404 for everyone else and for unknown ids. */
export const DELETE = route({ auth: 'admin', params: inviteParamsSchema }, async ({ user, params }) => {
  const db = await services().db();
  if (!(await deleteInvite(db, params.id))) throw new AppError('not_found', 'Not found');
  await recordAudit(user, 'invite.revoke', { id: params.id }, null, db);
  return null;
});

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as OPTIONS } from '@/lib/server';
