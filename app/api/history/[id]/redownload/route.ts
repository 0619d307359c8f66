import { route } from '@/lib/auth/route';
import { historyNotFound } from '@/lib/history/history';
import { idParams } from '@/lib/http/ids';
import { redownloadPath } from '@/lib/history/redownload';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/history/{id}/redownload → {path: '/download?url=…'}; 422 when the media has no rebuildable link. */
export const POST = route(
  { auth: 'user', params: idParams('id'), notFound: historyNotFound().message },
  ({ user, params }) => redownloadPath(user.id, params.id),
);
