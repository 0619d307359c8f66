import { recordAudit } from '@/lib/admin/audit';
import { cancelAnyJob, jobParamsSchema } from '@/lib/admin/queue';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** DELETE /api/admin/queue/{id}: cancels a queued or running job of anyone; 404 when it has ended or is unknown. */
export const DELETE = route({ auth: 'admin', params: jobParamsSchema, notFound: 'No such job is queued or running' }, async ({ user, params }) => {
  const db = await services().db();
  const { kind } = await cancelAnyJob(services().jobs, db, params.id);
  // A batch whose last running item the admin cancelled has ended: its owner hears of it as after their own cancel.
  if (kind === 'bulk-item') await services().bulk.afterItemCancelled(params.id);
  await recordAudit(user, 'job.cancel', { id: params.id, label: kind }, null, db);
  return null;
});

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as OPTIONS } from '@/lib/server';
