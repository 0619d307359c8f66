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

/**
 * Where counters live: the database (the embedded default) or Redis (REDIS_URL). Both keep one contract:
 * - `add` counts `cost` against every quota of `key`, all or none, and never takes a counter past its limit,
 *   however many requests race (a cost over a whole limit is refused outright);
 * - it answers the counts after adding, or — refused — the counts as they stand;
 * - a counter lives in its window (`period`) and is gone once the window has reset (`resetsAt`).
 */
export interface CounterBackend {
  readonly name: string;
  add(key: string, quotas: Quota[], cost: number): Promise<{ added: boolean; counts: number[] }>;
  read(key: string, window: RateWindow): Promise<number>;
}
