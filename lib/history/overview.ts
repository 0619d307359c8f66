import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { getApiUsage } from '@/lib/rate-limit/api-usage';
import { historyStoreFor } from './history';
import { listHistory } from './history-store';
import type { Overview } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

async function outcomesSince(db: Db, userId: string, since: number) {
  const row = await db.get<{ total: number; completed: number | null }>(
    `SELECT COUNT(*) AS total, SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END) AS completed
       FROM history WHERE user_id = ? AND downloaded_at >= ?`,
    [userId, since],
  );
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0) };
}

/** The dashboard's figures: the last 7 days' downloads, the last 30 days' success rate, API usage, 5 latest. */
export async function getOverview(store: Db, userId: string, at = now()): Promise<Overview> {
  const db = await historyStoreFor(store, userId);
  const [week, month, apiUsage, latest] = await Promise.all([
    outcomesSince(db, userId, at - 7 * DAY_MS),
    outcomesSince(db, userId, at - 30 * DAY_MS),
    getApiUsage(userId, db),
    listHistory(db, userId, { page: 1, limit: 5 }),
  ]);
  const successRate = month.total === 0 ? null : Math.round((month.completed / month.total) * 1000) / 10;
  return { downloadsThisWeek: week.total, successRate, apiUsage, recent: latest.downloads };
}
