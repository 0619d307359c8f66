import { route } from '@/lib/auth/route';
import { getDownloadJobs } from '@/lib/jobs/download-jobs';
import { downloadJobRequestSchema } from '@/lib/jobs/download-job-schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/media/download {url, quality, format} → {downloadId}; poll /api/media/progress/{downloadId}. The web
 * page adds the exact format it showed ({itag, item}), which then wins over quality and format.
 */
export const POST = route({ auth: 'api', quota: { kind: 'api' }, body: downloadJobRequestSchema }, async ({ body, caller }) => ({
  downloadId: await getDownloadJobs().start(body, caller?.user.id ?? null),
}));
