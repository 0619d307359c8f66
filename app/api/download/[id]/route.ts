import { route } from '@/lib/auth/route';
import { recordDelivery } from '@/lib/history/delivery-hook';
import { idParams } from '@/lib/http/ids';
import { deliverDownload, downloadQuerySchema, expiredLink } from '@/lib/media/deliver';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/download/{id}?itag=&ext=&item= → the file, as an attachment, with Range: passed through from a single
 * progressive source, else prepared once (merged or converted) and served from our temp store.
 */
export const GET = route({ auth: 'api', scope: 'download', params: idParams('id'), notFound: expiredLink().message, query: downloadQuerySchema }, async ({ req, params, query }) => {
  const res = await deliverDownload({ mediaId: params.id, ...query, headers: req.headers, signal: req.signal });
  await recordDelivery(req, params.id, query, res);
  return res;
});

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
