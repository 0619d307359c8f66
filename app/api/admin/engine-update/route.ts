import { recordAudit } from '@/lib/admin/audit';
import { engineUpdateState, startEngineUpdate } from '@/lib/admin/engine-update';
import { route, services } from '@/lib/server';
import { ok } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/engine-update → this node's running or last engine update (its last lines, its exit status). */
export const GET = route({ auth: 'admin' }, () => engineUpdateState());

/** POST /api/admin/engine-update → 202: the update runs in the background; 409 conflict while one runs. */
export const POST = route({ auth: 'admin' }, async ({ user }) => {
  const started = startEngineUpdate();
  await recordAudit(user, 'engine.update', { id: null }, null, await services().db());
  return ok(started, { status: 202 });
});

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
