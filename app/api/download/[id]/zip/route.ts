import { route } from '@/lib/auth/route';
import { idParams } from '@/lib/http/ids';
import { contentDisposition, expiredLink, postZip } from '@/lib/media/deliver';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/download/{id}/zip → every item of a multi-item post (carousel, slideshow, several videos) as one ZIP. */
export const GET = route({ auth: 'api', scope: 'download', params: idParams('id'), notFound: expiredLink().message }, async ({ req, params }) => {
  const { stream, filename } = postZip({ mediaId: params.id, headers: req.headers, signal: req.signal });
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(filename, 'zip'),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
