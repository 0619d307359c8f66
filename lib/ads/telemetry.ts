import 'server-only';
import { z } from 'zod';
import { AD_PLACEMENTS } from '@/lib/config';
import type { Db } from '@/lib/db';

/**
 * What the ad components report: the ad script loaded or failed to (placement `script-load`), a placement's unit
 * was rendered, page-level ads were switched on (placement `auto`). Only the count per UTC day, placement and
 * type is kept.
 */
export const AD_EVENT_TYPES = ['loaded', 'rendered', 'error'] as const;
export const AD_EVENT_PLACEMENTS = [...AD_PLACEMENTS, 'script-load', 'auto'] as const;

/**
 * `POST /_telemetry`'s body: `{event: 'ad_event', data: {type, placement, timestamp, …}}`. A client may send
 * the page's URL and its user agent as well; they are accepted, bounded and dropped, never stored.
 */
export const telemetryBodySchema = z.object({
  event: z.literal('ad_event'),
  data: z.object({
    type: z.enum(AD_EVENT_TYPES),
    placement: z.enum(AD_EVENT_PLACEMENTS),
    timestamp: z.number().int().nonnegative().optional(),
    userAgent: z.string().max(1000).optional(),
    url: z.string().max(4000).optional(),
  }),
});

export type TelemetryBody = z.infer<typeof telemetryBodySchema>;
export type AdEvent = Pick<TelemetryBody['data'], 'type' | 'placement'>;

/** The UTC day of an instant: the same for every visitor and every node. */
const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** Adds one to the day's count of this placement and event type. The server's clock decides the day. */
export async function recordAdEvent(db: Db, event: AdEvent, at: number): Promise<void> {
  await db.run(
    `INSERT INTO ad_event_counts (day, placement, type, count) VALUES (?, ?, ?, 1)
     ON CONFLICT (day, placement, type) DO UPDATE SET count = ad_event_counts.count + 1`,
    [utcDay(at), event.placement, event.type],
  );
}

export interface AdEventCount extends AdEvent {
  day: string;
  count: number;
}

/** The counts from `fromDay` (YYYY-MM-DD) on, oldest first. */
export async function readAdEventCounts(db: Db, fromDay = '0000-00-00'): Promise<AdEventCount[]> {
  const rows = await db.query<{ day: string; placement: AdEvent['placement']; type: AdEvent['type']; count: number }>(
    'SELECT day, placement, type, count FROM ad_event_counts WHERE day >= ? ORDER BY day, placement, type',
    [fromDay],
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
