import { AppError } from '@/lib/errors';
import { getDownloadJobs } from '@/lib/jobs/download-jobs';
import { downloadIdSchema } from '@/lib/jobs/download-job-schemas';
import { withApiAccess } from '@/lib/rate-limit/with-api-access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const notFound = () => new AppError('not_found', 'Download not found');

/** GET /api/media/progress/{id} → {id, _id, status, progress, message, downloadUrl} (SPEC §3). */
export const GET = withApiAccess<{ id: string }>(async (_req, { params }) => {
  if (!downloadIdSchema.safeParse(params.id).success) throw notFound();
  const progress = await getDownloadJobs().get(params.id);
  if (!progress) throw notFound();
  return progress;
}, { metered: false });
