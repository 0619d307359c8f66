import 'server-only';
import type { NextRequest } from 'next/server';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import type { Caller } from '@/lib/auth/caller';
import { AppError } from '@/lib/errors';
import { fromOurOrigin } from '@/lib/http/same-origin';
import { meter } from '@/lib/rate-limit/counters';
import { hourWindow } from '@/lib/rate-limit/windows';
import { recordAdEvent, type TelemetryBody } from './telemetry';

/** An ad event is a few dozen bytes; anything much larger is not one. */
export const TELEMETRY_MAX_BYTES = 8 * 1024;

/**
 * Checks a telemetry request before its body is read: ads must be configured (else there is nothing to report
 * and the endpoint does not exist), the request must come from our own pages, and the body must be small.
 */
export function admitTelemetry(req: NextRequest): void {
  if (!config().env.ADS_PUBLISHER_ID) throw new AppError('not_found', 'Not found');
  if (!fromOurOrigin(req.headers, req.nextUrl)) throw new AppError('csrf', 'This request did not come from this site');
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > TELEMETRY_MAX_BYTES) throw new AppError('too_large', 'An ad event is at most 8 KB', { maxBytes: TELEMETRY_MAX_BYTES });
}

/**
 * Counts one ad event against the client's hourly telemetry limit (keyed by a hash of the address, never the
 * address), then adds it to the day's counts. Past the limit the event is refused with 429 and not counted.
 */
export async function acceptAdEvent(db: Db, caller: Pick<Caller, 'addressKey'>, body: TelemetryBody): Promise<{ recorded: true }> {
  const at = now();
  const window = hourWindow(at);
  const limit = config().env.ADS_TELEMETRY_HOURLY_LIMIT;
  const metering = await meter(db, `telemetry:${caller.addressKey}`, [{ window, limit, message: `Too many ad events this hour (the limit is ${limit})` }]);
  if (!metering.allowed) {
    throw new AppError('rate_limited', metering.exceeded.message, { retryAfter: Math.max(1, Math.ceil((window.resetsAt - at) / 1000)) });
  }
  await recordAdEvent(db, { type: body.data.type, placement: body.data.placement }, at);
  return { recorded: true };
}
