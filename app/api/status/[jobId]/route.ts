import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { statusEventStream } from '@/lib/downloads/status-stream';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/status/{jobId} → the job's state; with `Accept: text/event-stream`, its states live until it ends. A
 * client holds at most STATUS_STREAMS_PER_CLIENT streams at once (more are 429; polling is always open), and a
 * stream whose job has not changed for STATUS_STREAM_IDLE_MS is closed.
 */
export const GET = route({ auth: 'optional', params: idParams('jobId'), notFound: 'Job not found' }, async ({ req, caller, params: { jobId } }) => {
  const { analyses, statusStreams } = services();
  const snapshot = await analyses.get(jobId);
  if (!snapshot) throw new AppError('not_found', 'Job not found');
  if (!req.headers.get('accept')?.includes('text/event-stream')) return snapshot;
  const release = statusStreams.acquire(caller.fairShareKey);
  const stream = statusEventStream(analyses, jobId, snapshot, req.signal, { idleMs: config().env.STATUS_STREAM_IDLE_MS, onEnd: release });
  return new Response(stream, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
});
