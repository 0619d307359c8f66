import { route } from '@/lib/auth/route';
import { services } from '@/lib/server';
import { recordPostZip } from '@/lib/history/delivery-hook';
import { idParams } from '@/lib/http/ids';
import { servedToOwner } from '@/lib/limits/served';
import { contentDisposition, expiredLink, postZip } from '@/lib/media/deliver';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/download/{id}/zip → every item of a multi-item post (carousel, slideshow, several videos) as one ZIP. A
 * signed-in caller's archive, once handed over whole, goes into their history as one entry. Its bytes count
 * against the caller's day; over the limit, no archive starts.
 */
export const GET = route({ auth: 'api', scope: 'download', params: idParams('id'), notFound: expiredLink().message }, async ({ req, params, user, caller }) => {
  const onComplete = user ? (bytes: number, items: number) => void recordPostZip(user.id, params.id, items, bytes) : undefined;
  return servedToOwner(await services().db(), caller.fairShareKey, async () => {
    const { stream, filename } = await postZip({ mediaId: params.id, headers: req.headers, signal: req.signal, onComplete });
    return new Response(stream, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': contentDisposition(filename, 'zip'),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
});

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
