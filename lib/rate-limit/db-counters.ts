import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import type { CounterBackend } from './counter-types';
import { runPeriodically } from './periodic';

class WindowFull extends Error {}

/** The tables counters live in: requests in `rate_counters`, bytes (past 32 bits) in `byte_counters`. */
export type CounterTable = 'rate_counters' | 'byte_counters';

/**
 * Counters in the database's `rate_counters` or `byte_counters` (SQLite or PostgreSQL): one conditional upsert per
 * quota inside one transaction, so concurrent requests never push a counter past its limit on either engine and a
 * refusal by one quota rolls back the others. Expired rows are swept at most every ten minutes, riding on requests.
 */
export function dbCounters(db: Db, table: CounterTable = 'rate_counters'): CounterBackend {
  const read = async (key: string, window: { period: string }) => {
    const row = await db.get<{ count: number }>(`SELECT count FROM ${table} WHERE key = ? AND period = ?`, [key, window.period]);
    return row ? Number(row.count) : 0;
  };
  return {
    name: db.kind,
    read,
    async add(key, quotas, cost) {
      runPeriodically(table, 10 * 60 * 1000, () => db.run(`DELETE FROM ${table} WHERE expires_at < ?`, [now()]));
      try {
        // The insert has no WHERE: a cost over the whole limit must be refused before it could open a window.
        if (quotas.some((quota) => cost > quota.limit)) throw new WindowFull();
        const counts = await db.transaction(async (tx) => {
          const counted: number[] = [];
          for (const quota of quotas) {
            const row = await tx.get<{ count: number }>(
              `INSERT INTO ${table} (key, period, count, expires_at) VALUES (?, ?, ?, ?)
               ON CONFLICT (key, period) DO UPDATE SET count = ${table}.count + ? WHERE ${table}.count + ? <= ?
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
