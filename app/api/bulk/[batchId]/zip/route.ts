import { route } from '@/lib/auth/route';
import { batchZip } from '@/lib/bulk/batch-zip';
import { openItemFile } from '@/lib/bulk/deliver-item';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/bulk/{batchId}/zip → the completed files as one ZIP, streamed as it is built. */
export const GET = route({ auth: 'none', params: idParams('batchId'), notFound: 'Batch not found' }, async ({ params }) => {
  const batch = await services().bulk.getStored(params.batchId);
  if (!batch) throw new AppError('not_found', 'Batch not found');
  const { stream, filename } = batchZip(batch, openItemFile);
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
