import { route } from '@/lib/auth/route';
import { seenBefore } from '@/lib/history/seen';
import { idParams } from '@/lib/http/ids';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/history/seen/{mediaId} → {seen: {downloadedAt, quality, format} | null}: the result card's "already downloaded". */
export const GET = route(
  { auth: 'user', scope: 'history:read', params: idParams('mediaId') },
  ({ user, params }) => seenBefore(user.id, params.mediaId),
);
