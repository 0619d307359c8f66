import { apiHandler, readJson } from '@/lib/http/api-handler';
import { analyzeMedia } from '@/lib/media/analyze';
import { analyzeRequestSchema } from '@/lib/media/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** POST /api/media/analyze {url, engine?} → MediaInfo, synchronously (the public API, SPEC §7). */
export const POST = apiHandler(async (req) => {
  const { url, engine } = await readJson(req, analyzeRequestSchema);
  return (await analyzeMedia(url, { engine, signal: req.signal })).info;
});
