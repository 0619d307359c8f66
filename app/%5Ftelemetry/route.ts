import { acceptAdEvent, admitTelemetry } from '@/lib/ads/telemetry-route';
import { telemetryBodySchema } from '@/lib/ads/telemetry';
import { route, services } from '@/lib/server';
import { readJson } from '@/lib/http/envelope';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /_telemetry `{event: 'ad_event', data: {type, placement, …}}`: the ad components' reports, counted per day,
 * placement and type. 404 while ads are not configured; only our own pages may report; rate-limited per client.
 * (The folder is `%5Ftelemetry` because a folder starting with `_` is private to the app router.)
 */
export const POST = route({ auth: 'none' }, async ({ req, caller }) => {
  admitTelemetry(req);
  return acceptAdEvent(await services().db(), caller, await readJson(req, telemetryBodySchema));
});
