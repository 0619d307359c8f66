import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { runPeriodically } from './periodic';
import type { RateWindow } from './windows';

export interface Quota {
  window: RateWindow;
  limit: number;
  /** The message a caller past this limit reads. */
  message: string;
}

export interface QuotaState extends Quota {
  used: number;
}

export type Metering = { allowed: true; states: QuotaState[] } | { allowed: false; states: QuotaState[]; exceeded: QuotaState };

class WindowFull extends Error {}

/**
 * Counts `cost` requests (default one) against every quota of `key`, all or none: a request refused by the
 * monthly limit does not use up the day, and a refused request uses up nothing — nor does a part of it. Each
 * increment is one conditional upsert, so concurrent requests never push a counter past its limit on either
 * engine.
 */
export async function meter(db: Db, key: string, quotas: Quota[], cost = 1): Promise<Metering> {
  runPeriodically('rate-counters', 10 * 60 * 1000, () => db.run('DELETE FROM rate_counters WHERE expires_at < ?', [now()]));
  try {
    // The insert has no WHERE: a cost over the whole limit must be refused before it could open a window.
    if (quotas.some((quota) => cost > quota.limit)) throw new WindowFull();
    const states = await db.transaction(async (tx) => {
      const counted: QuotaState[] = [];
      for (const quota of quotas) {
        const row = await tx.get<{ count: number }>(
          `INSERT INTO rate_counters (key, period, count, expires_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (key, period) DO UPDATE SET count = rate_counters.count + ? WHERE rate_counters.count + ? <= ?
           RETURNING count`,
          [key, quota.window.period, cost, quota.window.resetsAt, cost, cost, quota.limit],
        );
        if (!row) throw new WindowFull();
        counted.push({ ...quota, used: Number(row.count) });
      }
      return counted;
    });
    return { allowed: true, states };
  } catch (error) {
    if (!(error instanceof WindowFull)) throw error;
  }
  const states = await Promise.all(quotas.map(async (quota) => ({ ...quota, used: await readCount(db, key, quota.window) })));
  const exceeded = states.find((state) => state.used + cost > state.limit) ?? states[0];
  return { allowed: false, states, exceeded };
}

/** The counters as they stand, counting nothing: for endpoints that show the limits without using them. */
export async function peek(db: Db, key: string, quotas: Quota[]): Promise<Metering> {
  const states = await Promise.all(quotas.map(async (quota) => ({ ...quota, used: await readCount(db, key, quota.window) })));
  return { allowed: true, states };
}

export async function readCount(db: Db, key: string, window: RateWindow): Promise<number> {
  const row = await db.get<{ count: number }>('SELECT count FROM rate_counters WHERE key = ? AND period = ?', [key, window.period]);
  return row ? Number(row.count) : 0;
}
