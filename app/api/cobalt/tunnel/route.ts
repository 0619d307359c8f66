import { validTunnel } from '@/lib/cobalt/tunnel';
import { cobaltTunnelQuerySchema } from '@/lib/cobalt/schemas';
import { route, services } from '@/lib/server';
import { AppError } from '@/lib/errors';
import { servedToOwner } from '@/lib/limits/served';
import { deliverDownload } from '@/lib/media/deliver';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/cobalt/tunnel?id=&itag=&ext=&exp=[&own=][&loudness=]&sig=: the file a cobalt answer named, delivered like
 * /api/download/{id} (Range, prepared once, the caller's download slots). Only links this server signed, until
 * they expire; anything else is the same 404 as an expired analysis. The bytes count against the owner the link
 * was made for (else the fetching address); over that owner's limit, no body starts.
 */
export const GET = route({ auth: 'none', cors: true, query: cobaltTunnelQuerySchema }, async ({ req, query, caller }) => {
  if (!validTunnel(query)) throw new AppError('not_found', 'This link has expired. Ask for it again.');
  return servedToOwner(await services().db(), query.own ?? caller.fairShareKey, () =>
    deliverDownload(services().engine.preparations, { mediaId: query.id, itag: query.itag, ext: query.ext, loudness: query.loudness, headers: req.headers, signal: req.signal }));
});

export { preflight as OPTIONS } from '@/lib/http/cors';
