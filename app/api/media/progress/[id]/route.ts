import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/media/progress/{id} → {id, _id, status, progress, message, downloadUrl}; polling is not counted. A job
 * with an owner is shown to its owner only (anyone else: 404, as for an unknown id).
 */
export const GET = route(
  { auth: 'api', scope: 'download', quota: { kind: 'api', metered: false }, params: idParams('id'), notFound: 'Download not found' },
  async ({ params, user }) => {
    const progress = await services().downloads.get(params.id, user?.id ?? null);
    if (!progress) throw new AppError('not_found', 'Download not found');
    return progress;
  },
);

/**
 * DELETE /api/media/progress/{id} → the download's state, now failed with code `cancelled`: the job stops wherever
 * it runs (this process, or the worker that has it). A token needs the `download` scope, as for reading it; a job
 * with an owner is cancelled by its owner only (anyone else: 404). 409 `conflict` once it has ended.
 */
export const DELETE = route(
  { auth: 'api', scope: 'download', quota: { kind: 'api', metered: false }, params: idParams('id'), notFound: 'Download not found' },
  async ({ params, user }) => {
    const { downloads } = services();
    const caller = user?.id ?? null;
    if (!(await downloads.get(params.id, caller))) throw new AppError('not_found', 'Download not found');
    if (!(await downloads.cancel(params.id, caller))) throw new AppError('conflict', 'This download has already ended');
    const progress = await downloads.get(params.id, caller);
    if (!progress) throw new AppError('not_found', 'Download not found');
    return progress;
  },
);

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
