import { route } from '@/lib/auth/route';
import { downloadJobRequestSchema } from '@/lib/jobs/download-job-schemas';
import { services } from '@/lib/server';
import { activeSubject } from '@/lib/stats/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/media/download {url, quality, format} → {downloadId}; poll /api/media/progress/{downloadId}. The web
 * page adds the exact format it showed ({itag, item}), which then wins over quality and format.
 */
export const POST = route({ auth: 'api', scope: 'download', quota: { kind: 'api' }, body: downloadJobRequestSchema }, async ({ req, body, caller }) => {
  const downloadId = await services().downloads.start(body, caller?.user.id ?? null);
  void services().events.emit('client.active', { subject: activeSubject(req.headers, caller?.user ?? null) });
  return { downloadId };
});

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
