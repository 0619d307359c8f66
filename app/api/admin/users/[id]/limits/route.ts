import { recordAudit } from '@/lib/admin/audit';
import { route, services } from '@/lib/server';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { ownerBytesToday } from '@/lib/limits/bytes';
import { userLimitsSchema } from '@/lib/limits/schemas';
import { userLimitsAnswer, writeUserLimits } from '@/lib/limits/store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const answer = async (userId: string) => {
  const db = await services().db();
  const limits = await userLimitsAnswer(db, userId, async (owner) => (await ownerBytesToday(db, owner)).used);
  if (!limits) throw new AppError('not_found', 'Not found');
  return limits;
};

/**
 * GET /api/admin/users/{id}/limits → {concurrentJobs, dailyBytes, usedBytesToday}: the user's own limits (null: the
 * instance default) and the bytes of files prepared for them since midnight UTC. Admins only, 404 for everyone else.
 */
export const GET = route({ auth: 'admin', params: idParams('id') }, async ({ params }) => answer(params.id));

/** PUT /api/admin/users/{id}/limits {concurrentJobs, dailyBytes} → the same as GET; null puts a limit back to the default. */
export const PUT = route({ auth: 'admin', params: idParams('id'), body: userLimitsSchema }, async ({ user, params, body }) => {
  const db = await services().db();
  const target = await db.get<{ email: string }>('SELECT email FROM users WHERE id = ?', [params.id]);
  if (!target) throw new AppError('not_found', 'Not found');
  await writeUserLimits(db, params.id, body, Date.now());
  await recordAudit(user, 'user.limits', { id: params.id, label: target.email }, { concurrentJobs: body.concurrentJobs, dailyBytes: body.dailyBytes }, db);
  return answer(params.id);
});

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as POST, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
