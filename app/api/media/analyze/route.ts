import { readJson } from '@/lib/http/api-handler';
import { analyzeMedia } from '@/lib/media/analyze';
import { analyzeRequestSchema } from '@/lib/media/schemas';
import { withApiAccess } from '@/lib/rate-limit/with-api-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/media/analyze {url, engine?} → MediaInfo, synchronously (the public API, SPEC §7). */
export const POST = withApiAccess(async (req) => {
  const { url, engine } = await readJson(req, analyzeRequestSchema);
  return (await analyzeMedia(url, { engine, signal: req.signal })).info;
});
