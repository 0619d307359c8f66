import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { dbEngines } from '@/test/db-engines';
import { purgeSiteStats, readSiteStats, recordDownload, recordVisitor, STATS_MIN_DOWNLOADS, utcDay } from './site-stats';

const DAY = 24 * 60 * 60 * 1000;
// 2027-01-15 12:00 UTC
const NOON = Date.UTC(2027, 0, 15, 12);

describe.each(dbEngines())('site figures on $name', ({ create }) => {
  let db: Db;
  beforeEach(async () => {
    db = await create();
  });
  afterEach(async () => {
    await db.close();
  });

  const downloads = async (n: number, at: number, ok: boolean, durationMs: number) => {
    for (let i = 0; i < n; i++) await recordDownload(db, { ok, durationMs }, at);
  };

  it('say there is not enough to show below 20 downloads in 7 days, never a figure', async () => {
    expect(await readSiteStats(db, NOON)).toEqual({ enough: false, downloadsInWindow: 0 });
    await downloads(STATS_MIN_DOWNLOADS - 1, NOON - DAY, true, 1000);
    // Downloads older than the window do not make up the number.
    await downloads(5, NOON - 8 * DAY, true, 1000);
    expect(await readSiteStats(db, NOON)).toEqual({ enough: false, downloadsInWindow: STATS_MIN_DOWNLOADS - 1 });
  });

  it('count today since UTC midnight, the success rate and the average time of successes over 7 days', async () => {
    await downloads(12, NOON - 2 * DAY, true, 4000); // in the window, not today
    await downloads(4, NOON - 2 * DAY, false, 100);
    await downloads(3, NOON - 60_000, true, 1000); // today
    await downloads(1, NOON - 60_000, false, 50);
    await downloads(2, Date.UTC(2027, 0, 14, 23, 59), true, 1000); // yesterday, 12 h ago
    const stats = await readSiteStats(db, NOON);
    expect(stats).toEqual({
      enough: true,
      downloadsToday: 3,
      activeUsersToday: 0,
      successRate: 17 / 22,
      averageSeconds: (12 * 4000 + 3 * 1000 + 2 * 1000) / 17 / 1000,
    });
  });

  it('count each client once a day by a salted hash, and never store who they are', async () => {
    await downloads(STATS_MIN_DOWNLOADS, NOON - 1000, true, 1000);
    await recordVisitor(db, 'addr:203.0.113.9', NOON - 5000);
    await recordVisitor(db, 'addr:203.0.113.9', NOON - 4000);
    await recordVisitor(db, 'user:usr_1', NOON - 3000);
    await recordVisitor(db, 'addr:198.51.100.7', NOON - DAY); // yesterday
    const stats = await readSiteStats(db, NOON);
    expect(stats.enough && stats.activeUsersToday).toBe(2);
    const stored = JSON.stringify(await db.query('SELECT * FROM stat_visitors'));
    expect(stored).not.toContain('203.0.113.9');
    expect(stored).not.toContain('usr_1');
  });

  it('use a fresh salt each day, so a visitor cannot be followed from one day to the next', async () => {
    await recordVisitor(db, 'addr:203.0.113.9', NOON - DAY);
    await recordVisitor(db, 'addr:203.0.113.9', NOON);
    const rows = await db.query<{ day: string; visitor: string }>('SELECT day, visitor FROM stat_visitors ORDER BY day');
    expect(rows.map((row) => row.day)).toEqual([utcDay(NOON - DAY), utcDay(NOON)]);
    expect(rows[0].visitor).not.toBe(rows[1].visitor);
  });

  it('purge earlier days’ salts and visitors and downloads past the window', async () => {
    await recordVisitor(db, 'addr:203.0.113.9', NOON - DAY);
    await recordVisitor(db, 'addr:203.0.113.9', NOON);
    await downloads(1, NOON - 9 * DAY, true, 1000);
    await downloads(1, NOON - 6 * DAY, true, 1000);
    await purgeSiteStats(db, NOON);
    expect(await db.query('SELECT day FROM stat_salts')).toEqual([{ day: utcDay(NOON) }]);
    expect(await db.query('SELECT day FROM stat_visitors')).toEqual([{ day: utcDay(NOON) }]);
    expect(await db.get('SELECT COUNT(*) AS n FROM stat_downloads')).toEqual({ n: 1 });
  });
});
