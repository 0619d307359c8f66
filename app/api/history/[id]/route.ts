import { historyNotFound, removeHistoryEntry } from '@/lib/history/history';
import { idParams } from '@/lib/http/ids';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** DELETE /api/history/{id} → {deleted}; another user's entry is 404 like a missing one. */
export const DELETE = route(
  { auth: 'user', params: idParams('id'), notFound: historyNotFound().message },
  async ({ user, params }) => removeHistoryEntry(await services().db(), user.id, params.id),
);
