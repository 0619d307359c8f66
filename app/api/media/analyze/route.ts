import { analyzeRequestSchema } from '@/lib/media/schemas';
import { analyzeFor, route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/media/analyze {url, engine?} → MediaInfo, synchronously (the public API); a signed-in caller's own
 * platform cookies apply to their links of that platform.
 */
export const POST = route({ auth: 'api', scope: 'analyze', quota: { kind: 'api' }, body: analyzeRequestSchema }, async ({ req, user, body: { url, engine } }) =>
  (await analyzeFor(services().engine, url, user?.id, { engine, signal: req.signal })).info,
);

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
