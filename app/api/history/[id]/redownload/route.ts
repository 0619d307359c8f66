import { historyNotFound } from '@/lib/history/history';
import { idParams } from '@/lib/http/ids';
import { redownloadPath } from '@/lib/history/redownload';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/history/{id}/redownload → {path: '/download?url=…'}; 422 when the media has no rebuildable link. */
export const POST = route(
  { auth: 'user', params: idParams('id'), notFound: historyNotFound().message },
  async ({ user, params }) => redownloadPath(await services().db(), user.id, params.id),
);
