import 'server-only';
import type { Db } from '@/lib/db';
import { getRedis, redisEnabled, redisPrefix } from '@/lib/redis/connection';
import type { CounterBackend, Metering, Quota, QuotaState } from './counter-types';
import { dbCounters, type CounterTable } from './db-counters';
import { redisCounters } from './redis-counters';
import type { RateWindow } from './windows';

export type { CounterBackend, Metering, Quota, QuotaState } from './counter-types';

/**
 * Request counters: in Redis when REDIS_URL is set (every node counts against the same numbers), else in the
 * database handed in (its `byte_counters` for counts that pass 32 bits). `meter`, `peek` and `readCount` take the
 * database either way, so callers do not change with the deployment; the `*On` forms take a backend (tests run the
 * same cases on each).
 */
export function countersFor(db: Db, table?: CounterTable): CounterBackend {
  return redisEnabled() ? redisCounters(getRedis(), redisPrefix()) : dbCounters(db, table);
}

/**
 * Counts `cost` requests (default one) against every quota of `key`, all or none: a request refused by the
 * monthly limit does not use up the day, and a refused request uses up nothing — nor does a part of it.
 */
export async function meterOn(backend: CounterBackend, key: string, quotas: Quota[], cost = 1): Promise<Metering> {
  const { added, counts } = await backend.add(key, quotas, cost);
  const states: QuotaState[] = quotas.map((quota, i) => ({ ...quota, used: counts[i] ?? 0 }));
  if (added) return { allowed: true, states };
  const exceeded = states.find((state) => state.used + cost > state.limit) ?? states[0];
  return { allowed: false, states, exceeded };
}

/** The counters as they stand, counting nothing: for endpoints that show the limits without using them. */
export async function peekOn(backend: CounterBackend, key: string, quotas: Quota[]): Promise<Metering> {
  const states = await Promise.all(quotas.map(async (quota) => ({ ...quota, used: await backend.read(key, quota.window) })));
  return { allowed: true, states };
}

export const meter = (db: Db, key: string, quotas: Quota[], cost = 1) => meterOn(countersFor(db), key, quotas, cost);
export const peek = (db: Db, key: string, quotas: Quota[]) => peekOn(countersFor(db), key, quotas);
export const readCount = (db: Db, key: string, window: RateWindow) => countersFor(db).read(key, window);
