import { clearUserHistory, getHistory } from '@/lib/history/history';
import { historyQuerySchema } from '@/lib/history/schemas';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/history?page=&limit=12&search=&platform= → {downloads, total, page, totalPages}, newest first. */
export const GET = route({ auth: 'user', scope: 'history:read', query: historyQuerySchema }, async ({ user, query }) => getHistory(await services().db(), user.id, query));

/** DELETE /api/history → {deleted}: the user's whole history (Settings → Clear All History). */
export const DELETE = route({ auth: 'user' }, async ({ user }) => clearUserHistory(await services().db(), user.id));
