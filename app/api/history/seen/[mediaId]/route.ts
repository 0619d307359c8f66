import { seenBefore } from '@/lib/history/seen';
import { idParams } from '@/lib/http/ids';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/history/seen/{mediaId} → {seen: {downloadedAt, quality, format} | null}: the result card's "already downloaded". */
export const GET = route(
  { auth: 'user', scope: 'history:read', params: idParams('mediaId') },
  async ({ user, params }) => seenBefore(await services().db(), user.id, params.mediaId),
);
