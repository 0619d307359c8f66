import { NextResponse } from 'next/server';
import { route, services } from '@/lib/server';
import { readiness } from '@/lib/health/readiness';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/health/ready → 200 when this node can take work (store, ffmpeg, engine, temp space, and Redis and the
 * shared file store when REDIS_URL and FILE_STORE_DIR are set), else 503 with code `unavailable` and which check
 * failed — what a load balancer or an orchestrator's probe reads.
 */
export const GET = route({ auth: 'none' }, async () => {
  const { ready, checks } = await readiness(services());
  if (ready) return { status: 'ready', checks };
  const failing = Object.entries(checks).filter(([, ok]) => !ok).map(([name]) => name);
  return NextResponse.json(
    { success: false, error: `Not ready: ${failing.join(', ')}`, code: 'unavailable', details: { checks } },
    { status: 503, headers: { 'Retry-After': '5' } },
  );
});
