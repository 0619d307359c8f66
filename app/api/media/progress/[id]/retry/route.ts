import { admitOwner } from '@/lib/limits/owner';
import { idParams } from '@/lib/http/ids';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/media/progress/{id}/retry → {downloadId}: a failed download started again as a new job (same link,
 * choice and owner); poll the new id. The old job keeps its failed state. 409 `conflict` unless it has failed; a
 * job with an owner answers its owner only.
 */
export const POST = route(
  { auth: 'api', scope: 'download', quota: { kind: 'api' }, params: idParams('id'), notFound: 'Download not found' },
  async ({ params, caller }) => {
    const turn = await admitOwner(await services().db(), caller);
    return { downloadId: await services().downloads.retry(params.id, { accountId: caller.accountId, turn }) };
  },
);

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
