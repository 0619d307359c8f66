import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The window of the success rate and the average processing time. */
export const STATS_WINDOW_MS = 7 * DAY_MS;
/** Below this many finished downloads in the window, the figures say too little to be shown. */
export const STATS_MIN_DOWNLOADS = 20;

/** What the home page may say: the figures, or that there are not enough downloads yet to say anything. */
export type SiteStats =
  | { enough: false; downloadsInWindow: number }
  | { enough: true; downloadsToday: number; activeUsersToday: number; successRate: number; averageSeconds: number };

/** The UTC day of an instant, 'YYYY-MM-DD': "today" is the same for every visitor and every node. */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);
const dayStart = (at: number): number => at - (at % DAY_MS);

/** Records one finished download (a download job or a bulk item). Nothing about who asked or what is kept. */
export async function recordDownload(db: Db, outcome: { ok: boolean; durationMs: number }, at: number): Promise<void> {
  await db.run('INSERT INTO stat_downloads (id, ended_at, ok, duration_ms) VALUES (?, ?, ?, ?)', [
    newId('sd'), at, outcome.ok, Math.max(0, Math.round(outcome.durationMs)),
  ]);
}

/**
 * Counts a client as active today. `subject` is 'user:<id>' for a signed-in user, else 'addr:<address>'; only
 * its HMAC under today's random salt is stored, and the salt goes when the day ends.
 */
export async function recordVisitor(db: Db, subject: string, at: number): Promise<void> {
  const day = utcDay(at);
  await db.run('INSERT INTO stat_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING', [day, randomBytes(32).toString('hex')]);
  const row = await db.get<{ salt: string }>('SELECT salt FROM stat_salts WHERE day = ?', [day]);
  if (!row) return;
  const visitor = createHmac('sha256', row.salt).update(subject).digest('hex');
  await db.run('INSERT INTO stat_visitors (day, visitor) VALUES (?, ?) ON CONFLICT (day, visitor) DO NOTHING', [day, visitor]);
}

/** Deletes what the figures no longer need: earlier days' salts and visitors, downloads older than the window. */
export async function purgeSiteStats(db: Db, at: number): Promise<void> {
  const day = utcDay(at);
  await db.run('DELETE FROM stat_salts WHERE day < ?', [day]);
  await db.run('DELETE FROM stat_visitors WHERE day < ?', [day]);
  await db.run('DELETE FROM stat_downloads WHERE ended_at < ?', [at - STATS_WINDOW_MS - DAY_MS]);
}

/** Today's downloads and active clients (UTC day), the last 7 days' success rate and average processing time. */
export async function readSiteStats(db: Db, at: number): Promise<SiteStats> {
  const windowRow = await db.get<{ total: number; ok: number | null; ok_ms: number | null }>(
    `SELECT COUNT(*) AS total, SUM(ok) AS ok, SUM(CASE WHEN ok = 1 THEN duration_ms ELSE 0 END) AS ok_ms
       FROM stat_downloads WHERE ended_at > ? AND ended_at <= ?`,
    [at - STATS_WINDOW_MS, at],
  );
  const total = Number(windowRow?.total ?? 0);
  if (total < STATS_MIN_DOWNLOADS) return { enough: false, downloadsInWindow: total };
  const ok = Number(windowRow?.ok ?? 0);
  const [today, visitors] = await Promise.all([
    db.get<{ n: number }>('SELECT COUNT(*) AS n FROM stat_downloads WHERE ok = 1 AND ended_at >= ? AND ended_at <= ?', [dayStart(at), at]),
    db.get<{ n: number }>('SELECT COUNT(*) AS n FROM stat_visitors WHERE day = ?', [utcDay(at)]),
  ]);
  return {
    enough: true,
    downloadsToday: Number(today?.n ?? 0),
    activeUsersToday: Number(visitors?.n ?? 0),
    successRate: ok / total,
    averageSeconds: ok === 0 ? 0 : Number(windowRow?.ok_ms ?? 0) / ok / 1000,
  };
}
