import { route } from '@/lib/auth/route';
import { analyzeMedia } from '@/lib/media/analyze';
import { analyzeRequestSchema } from '@/lib/media/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/media/analyze {url, engine?} → MediaInfo, synchronously (the public API). */
export const POST = route({ auth: 'api', scope: 'analyze', quota: { kind: 'api' }, body: analyzeRequestSchema }, async ({ req, body: { url, engine } }) =>
  (await analyzeMedia(url, { engine, signal: req.signal })).info,
);

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
