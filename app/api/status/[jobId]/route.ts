import { route } from '@/lib/auth/route';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { statusEventStream } from '@/lib/jobs';
import { services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/status/{jobId} → the job's state; with `Accept: text/event-stream`, its states live until it ends. */
export const GET = route({ auth: 'none', params: idParams('jobId'), notFound: 'Job not found' }, async ({ req, params: { jobId } }) => {
  const queue = services().analyses;
  const snapshot = await queue.get(jobId);
  if (!snapshot) throw new AppError('not_found', 'Job not found');
  if (!req.headers.get('accept')?.includes('text/event-stream')) return snapshot;
  return new Response(statusEventStream(queue, jobId, snapshot, req.signal), {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
});
