import { route, services } from '@/lib/server';
import { recordPostZip } from '@/lib/history/delivery-hook';
import { idParams } from '@/lib/http/ids';
import { servedToOwner } from '@/lib/limits/served';
import { contentDisposition, expiredLink, postZip, postZipQuerySchema } from '@/lib/media/deliver';
import { deliveryDefaults } from '@/lib/settings/download-defaults';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/download/{id}/zip → every item of a multi-item post (carousel, slideshow, several videos) as one ZIP. A
 * signed-in caller's archive, once handed over whole, goes into their history as one entry. Its bytes count
 * against the caller's day; over the limit, no archive starts. Every video's and sound's loudness is normalised when
 * the query (`loudness=`) or the signed-in caller's setting asks.
 */
export const GET = route({
  auth: 'api', scope: 'download', params: idParams('id'), notFound: expiredLink().message, query: postZipQuerySchema,
}, async ({ req, params, query, user, caller }) => {
  const { loudness } = await deliveryDefaults(services().db, query, caller.accountId ?? undefined);
  const db = await services().db();
  const onComplete = user ? (bytes: number, items: number) => void recordPostZip(db, user.id, params.id, items, bytes) : undefined;
  return servedToOwner(db, caller.fairShareKey, async () => {
    const { stream, filename } = await postZip(services().engine.preparations, { mediaId: params.id, headers: req.headers, signal: req.signal, loudness, onComplete });
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
