import { route, services } from '@/lib/server';
import { userWindowPatchSchema } from '@/lib/windows/schemas';
import { changeUserWindow, userWindow } from '@/lib/windows/start-at';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/settings/window → the user's download window, the server's, and when background work may next start. */
export const GET = route({ auth: 'user' }, async ({ user }) => userWindow(await services().db(), user.id, Date.now()));

/** PUT /api/settings/window {window, timeZone} → the same; empty window text removes the user's own. */
export const PUT = route({ auth: 'user', body: userWindowPatchSchema }, async ({ user, body }) =>
  changeUserWindow(await services().db(), user.id, body, Date.now()));
