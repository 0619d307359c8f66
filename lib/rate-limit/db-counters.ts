import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import type { CounterBackend } from './counter-types';
import { runPeriodically } from './periodic';

class WindowFull extends Error {}

/**
 * Counters in the database's `rate_counters` (SQLite or PostgreSQL): one conditional upsert per quota inside one
 * transaction, so concurrent requests never push a counter past its limit on either engine and a refusal by one
 * quota rolls back the others. Expired rows are swept at most every ten minutes, riding on requests.
 */
export function dbCounters(db: Db): CounterBackend {
  const read = async (key: string, window: { period: string }) => {
    const row = await db.get<{ count: number }>('SELECT count FROM rate_counters WHERE key = ? AND period = ?', [key, window.period]);
    return row ? Number(row.count) : 0;
  };
  return {
    name: db.kind,
    read,
    async add(key, quotas, cost) {
      runPeriodically('rate-counters', 10 * 60 * 1000, () => db.run('DELETE FROM rate_counters WHERE expires_at < ?', [now()]));
      try {
        // The insert has no WHERE: a cost over the whole limit must be refused before it could open a window.
        if (quotas.some((quota) => cost > quota.limit)) throw new WindowFull();
        const counts = await db.transaction(async (tx) => {
          const counted: number[] = [];
          for (const quota of quotas) {
            const row = await tx.get<{ count: number }>(
              `INSERT INTO rate_counters (key, period, count, expires_at) VALUES (?, ?, ?, ?)
               ON CONFLICT (key, period) DO UPDATE SET count = rate_counters.count + ? WHERE rate_counters.count + ? <= ?
               RETURNING count`,
              [key, quota.window.period, cost, quota.window.resetsAt, cost, cost, quota.limit],
            );
            if (!row) throw new WindowFull();
            counted.push(Number(row.count));
          }
          return counted;
        });
        return { added: true, counts };
      } catch (error) {
        if (!(error instanceof WindowFull)) throw error;
      }
      return { added: false, counts: await Promise.all(quotas.map((quota) => read(key, quota.window))) };
    },
  };
}
