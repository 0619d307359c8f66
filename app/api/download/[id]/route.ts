import { route, services } from '@/lib/server';
import { recordDelivery } from '@/lib/history/delivery-hook';
import { idParams } from '@/lib/http/ids';
import { servedToOwner } from '@/lib/limits/served';
import { deliverDownload, downloadQuerySchema, expiredLink } from '@/lib/media/deliver';
import { deliveryDefaults } from '@/lib/settings/download-defaults';
import { sponsorListsOf } from '@/lib/settings/sponsorblock';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/download/{id}?itag=&ext=&item=&start=&end=&exact=&embedMetadata= → the file, as an attachment, with
 * Range: passed through from a single progressive source, else prepared once (merged, converted or cut) and
 * served from our temp store. The tags go in unless the query or the signed-in caller's setting says no; the sound is
 * normalised when the query (`loudness=`) or that setting asks. The body's
 * bytes count against the caller's day (a file their own job prepared is not charged twice); over the limit, no
 * body starts.
 */
export const GET = route({ auth: 'api', scope: 'download', params: idParams('id'), notFound: expiredLink().message, query: downloadQuerySchema }, async ({ req, params, query, caller }) => {
  const { embedMetadata, loudness } = await deliveryDefaults(services().db, query, caller.accountId ?? undefined);
  const db = await services().db();
  const sponsor = await sponsorListsOf(db, query, caller.accountId);
  const res = await servedToOwner(db, caller.fairShareKey, () =>
    deliverDownload(services().engine.preparations, { mediaId: params.id, ...query, ...sponsor, embedMetadata, loudness, headers: req.headers, signal: req.signal }),
  { mediaId: params.id, itag: query.itag });
  await recordDelivery(db, caller, req.headers, params.id, query, res);
  return res;
});

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
