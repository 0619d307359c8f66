import { AppError } from '@/lib/errors';
import { metricsAllowed } from '@/lib/metrics/access';
import { scrape } from '@/lib/metrics/registry';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /metrics → this process's figures in Prometheus text format, for `Authorization: Bearer <METRICS_TOKEN>`.
 * Without the token the proxy answers the request as the unknown page it then is (404); this check stands behind it.
 */
export const GET = route({ auth: 'none' }, async ({ req }) => {
  if (!metricsAllowed(req.headers)) throw new AppError('not_found', 'Not found');
  // The services are what the queue gauges read and what feeds the engine's figures: wired on first use.
  services();
  const { body, contentType } = await scrape();
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } });
});
