import { recordAudit } from '@/lib/admin/audit';
import { createInvite, createInviteSchema, listInvites } from '@/lib/auth/invites';
import { route, services } from '@/lib/server';
import { ok } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/invites → every invite (never its token); admins only, 404 for everyone else. */
export const GET = route({ auth: 'admin' }, async () => listInvites(await services().db()));

/** POST /api/admin/invites {expiresInHours?} → 201 {id, token, expiresAt}: a single-use invite, its token shown this once. */
export const POST = route({ auth: 'admin', body: createInviteSchema }, async ({ user, body }) => {
  const db = await services().db();
  const made = await createInvite(db, user.id, body.expiresInHours);
  await recordAudit(user, 'invite.create', { id: made.id }, { expiresAt: made.expiresAt }, db);
  return ok(made, { status: 201 });
});

// Any other method answers as an API path that names no route does, so this route stays hidden.
export { unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS } from '@/lib/server';
