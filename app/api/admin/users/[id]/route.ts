import { recordAudit } from '@/lib/admin/audit';
import { cancelJobsOf } from '@/lib/admin/queue';
import { changeRole, deleteUser, roleChangeSchema, userParamsSchema } from '@/lib/admin/users';
import { removeUserLibrary } from '@/lib/library/service';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const notFound = 'No such user';

/** PATCH /api/admin/users/{id} {role}: admin, member or disabled (locked out at once); never one's own account. */
export const PATCH = route({ auth: 'admin', params: userParamsSchema, notFound, body: roleChangeSchema }, async ({ user, params, body }) => {
  const db = await services().db();
  const before = await changeRole(db, user.id, params.id, body.role);
  await recordAudit(user, 'user.role', { id: params.id, label: before.email }, { from: before.from, to: body.role }, db);
  return { id: params.id, role: body.role };
});

/** DELETE /api/admin/users/{id}: stops the user's jobs, then deletes the account with every row and library file of its own. */
export const DELETE = route({ auth: 'admin', params: userParamsSchema, notFound }, async ({ user, params }) => {
  const db = await services().db();
  if (user.id !== params.id) await cancelJobsOf(services().jobs, db, params.id);
  const gone = await deleteUser(db, user.id, params.id);
  await removeUserLibrary(params.id).catch((error) => console.error('[library] a deleted account\'s folder was not removed', error));
  await recordAudit(user, 'user.delete', { id: params.id, label: gone.email }, null, db);
  return null;
});

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as OPTIONS } from '@/lib/server';
