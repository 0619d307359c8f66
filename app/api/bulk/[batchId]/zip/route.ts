import { batchZip } from '@/lib/bulk/batch-zip';
import { openItemFile } from '@/lib/bulk/deliver-item';
import { batchReadQuerySchema } from '@/lib/bulk/schemas';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/bulk/{batchId}/zip[?key=] → the completed files as one ZIP, streamed as it is built; the owner only. */
export const GET = route(
  { auth: 'optional', scope: 'bulk', params: idParams('batchId'), query: batchReadQuerySchema, notFound: 'Batch not found' },
  async ({ params, query, user }) => {
    const batch = await services().bulk.getStored(params.batchId, { userId: user?.id ?? null, key: query.key });
    if (!batch) throw new AppError('not_found', 'Batch not found');
    const { stream, filename } = batchZip(batch, (file) => openItemFile(services().engine.preparations, file));
    return new Response(stream, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
);
