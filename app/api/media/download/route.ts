import { readJson } from '@/lib/http/api-handler';
import { getDownloadJobs } from '@/lib/jobs/download-jobs';
import { downloadJobRequestSchema } from '@/lib/jobs/download-job-schemas';
import { withApiAccess } from '@/lib/rate-limit/with-api-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/media/download {url, quality, format} → {downloadId}; poll /api/media/progress/{downloadId}. The web
 * page adds the exact format it showed ({itag, item}), which then wins over quality and format.
 */
export const POST = withApiAccess(async (req, { caller }) => {
  const request = await readJson(req, downloadJobRequestSchema);
  return { downloadId: await getDownloadJobs().start(request, caller?.user.id ?? null) };
});
