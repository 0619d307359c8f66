import { idParams } from '@/lib/http/ids';
import { deliverStoredFile, expiredLink } from '@/lib/media/deliver';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/media/progress/{id}/file → the file of a ready download kept past the temp TTL (a followed creator's
 * background download, kept until its owner's history retention ends), with Range; 404 once it is gone.
 */
export const GET = route(
  { auth: 'api', scope: 'download', params: idParams('id'), notFound: expiredLink().message },
  async ({ req, params }) => {
    const file = await services().downloads.keptFile(params.id);
    if (!file) throw expiredLink();
    return deliverStoredFile(services().engine.preparations, file, req.headers);
  },
);

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
