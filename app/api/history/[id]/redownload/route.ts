import { withUser } from '@/lib/auth/with-user';
import { redownloadPath } from '@/lib/history/redownload';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/history/{id}/redownload → {path: '/download?url=…'}; 422 when the media has no rebuildable link. */
export const POST = withUser<{ id: string }>(async (_req, { user, params }) => redownloadPath(user.id, params.id));
