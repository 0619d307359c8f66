import { recordDelivery } from '@/lib/history/delivery-hook';
import { apiHandler, parseWith } from '@/lib/http/api-handler';
import { deliverDownload, downloadQuerySchema, expiredLink, mediaIdSchema } from '@/lib/media/deliver';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/download/{id}?itag=&ext=&item= → the file, as an attachment, with Range (DESIGN §2 Delivery). */
export const GET = apiHandler<{ id: string }>(async (req, { params }) => {
  if (!mediaIdSchema.safeParse(params.id).success) throw expiredLink();
  const query = parseWith(downloadQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  const res = await deliverDownload({ mediaId: params.id, ...query, headers: req.headers, signal: req.signal });
  await recordDelivery(req, params.id, query, res);
  return res;
});
