import { AppError } from '@/lib/errors';
import { apiHandler } from '@/lib/http/api-handler';
import { getJobQueue, statusEventStream } from '@/lib/jobs';
import { jobIdParamsSchema } from '@/lib/media/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const notFound = () => new AppError('not_found', 'Job not found');

/** GET /api/status/{jobId} → the job's state; with `Accept: text/event-stream`, its states live until it ends. */
export const GET = apiHandler<{ jobId: string }>(async (req, { params }) => {
  const parsed = jobIdParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound();
  const { jobId } = parsed.data;
  const queue = getJobQueue();
  const snapshot = await queue.get(jobId);
  if (!snapshot) throw notFound();
  if (!req.headers.get('accept')?.includes('text/event-stream')) return snapshot;
  return new Response(statusEventStream(queue, jobId, snapshot, req.signal), {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
});
