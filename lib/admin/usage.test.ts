import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { dbEngines } from '@/test/db-engines';
import { AUDIT_KEEP_MS, listAudit, recordAudit } from './audit';
import { purgeAdminData, recordJobEnded, startAdminHousekeeping } from './record';
import { storageReport } from './storage';
import { usageSummary } from './usage';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 2026-11-20 10:30 UTC.
const NOW = Date.UTC(2026, 10, 20, 10, 30);

describe.each(dbEngines())('admin usage, storage and purge on $name', ({ create }) => {
  let db: Db | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    await db?.close();
    db = undefined;
  });

  it('counts ended downloads by hour, platform and code, and sums them over 1 and 7 days', async () => {
    db = await create();
    const ended = (at: number, ok: boolean, platform: string, extra: { code?: string; bytes?: number } = {}) =>
      recordJobEnded(db!, { kind: 'download', ok, durationMs: 5, platform, ...extra }, at);
    await ended(NOW, true, 'youtube', { bytes: 1000 });
    await ended(NOW - 10 * 60_000, true, 'youtube', { bytes: 500 });
    await ended(NOW - 2 * HOUR, false, 'tiktok', { code: 'bot_check' });
    await ended(NOW - 3 * DAY, true, 'generic', { bytes: 7 });
    await ended(NOW - 3 * DAY, false, 'youtube', { code: 'geo_blocked' });
    await ended(NOW - 3 * DAY, false, 'youtube', { code: 'geo_blocked' });
    // Outside both views.
    await ended(NOW - 9 * DAY, true, 'youtube', { bytes: 99_999 });

    const day = await usageSummary(db, 1, NOW);
    expect(day.totals).toEqual({ downloads: 2, failures: 1, bytes: 1500 });
    expect(day.series).toHaveLength(24);
    expect(day.series.at(-1)).toEqual({ start: '2026-11-20T10:00:00.000Z', downloads: 2, failures: 0, bytes: 1500 });
    expect(day.series.at(-3)).toEqual({ start: '2026-11-20T08:00:00.000Z', downloads: 0, failures: 1, bytes: 0 });
    expect(day.platforms).toEqual([
      { platform: 'youtube', downloads: 2, failures: 0, bytes: 1500 },
      { platform: 'tiktok', downloads: 0, failures: 1, bytes: 0 },
    ]);
    expect(day.failures).toEqual([{ code: 'bot_check', count: 1 }]);

    const week = await usageSummary(db, 7, NOW);
    expect(week.totals).toEqual({ downloads: 3, failures: 3, bytes: 1507 });
    expect(week.series.map((s) => s.start.slice(0, 10))).toEqual(['14', '15', '16', '17', '18', '19', '20'].map((d) => `2026-11-${d}`));
    expect(week.series[3]).toMatchObject({ downloads: 1, failures: 2, bytes: 7 });
    expect(week.failures).toEqual([{ code: 'geo_blocked', count: 2 }, { code: 'bot_check', count: 1 }]);
    expect(week.platforms[0]).toEqual({ platform: 'youtube', downloads: 2, failures: 2, bytes: 1500 });
    // Nothing about who or what: the table has no column for a user, link or title.
    const columns = Object.keys((await db.get<Record<string, unknown>>('SELECT * FROM usage_hours'))!).sort();
    expect(columns).toEqual(['bytes', 'code', 'count', 'hour', 'platform']);
  });

  it('attributes each ready file to its job’s owner until it expires', async () => {
    db = await create();
    vi.stubEnv('TEMP_TTL_MS', String(HOUR));
    await db.run("INSERT INTO users (id, email, password_hash, created_at) VALUES ('usr_a', 'a@example.com', 'x', 0)");
    const file = (id: string, owner: string | null, bytes: number, at = NOW) =>
      recordJobEnded(db!, { kind: 'bulk', ok: true, durationMs: 1, platform: 'youtube', bytes, job: { id, owner } }, at);
    await file('j1', 'usr_a', 100);
    await file('j2', 'usr_a', 50);
    await file('j3', null, 7);
    await file('j4', 'usr_deleted_meanwhile', 3);
    await file('j5', 'usr_a', 1000, NOW - 2 * HOUR);
    await recordJobEnded(db, { kind: 'download', ok: false, durationMs: 1, code: 'bot_check', job: { id: 'j6', owner: 'usr_a' } }, NOW);
    const report = await storageReport(db, NOW);
    expect(report.users).toEqual([
      { userId: 'usr_a', email: 'a@example.com', files: 2, bytes: 150 },
      { userId: null, email: null, files: 2, bytes: 10 },
    ]);
    expect(report.tempBytes).toBeGreaterThanOrEqual(0);
    // The disk's capacity, read with statfs: some room free, never more than there is.
    expect(report.disk?.totalBytes).toBeGreaterThan(0);
    expect(report.disk!.freeBytes).toBeLessThanOrEqual(report.disk!.totalBytes);
  });

  it('purges audit entries past 90 days, usage past 8 days and expired files, also from the periodic task', async () => {
    db = await create();
    const store = db;
    const actor = { id: 'usr_root', email: 'root@example.com' };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(NOW - AUDIT_KEEP_MS - 1000);
      await recordAudit(actor, 'user.role', { id: 'usr_old' }, null, store);
      vi.setSystemTime(NOW - AUDIT_KEEP_MS + 60_000);
      await recordAudit(actor, 'user.delete', { id: 'usr_kept' }, null, store);
    } finally {
      vi.useRealTimers();
    }
    await recordJobEnded(store, { kind: 'download', ok: true, durationMs: 1, platform: 'youtube', bytes: 1 }, NOW - 9 * DAY);
    await recordJobEnded(store, { kind: 'download', ok: true, durationMs: 1, platform: 'youtube', bytes: 1 }, NOW - DAY);
    expect(await purgeAdminData(store, NOW)).toEqual({ audit: 1, usage: 1, files: 0 });
    expect((await listAudit(store, 1)).entries.map((e) => e.target)).toEqual(['usr_kept']);

    // The periodic task: a first pass at once, then one each interval.
    let clock = NOW + 2 * 60_000;
    const task = startAdminHousekeeping({ db: async () => store, intervalMs: 30, now: () => clock });
    try {
      await vi.waitFor(async () => expect((await listAudit(store, 1)).total).toBe(0), { timeout: 5000 });
      clock = NOW + 8 * DAY;
      await vi.waitFor(async () => expect((await usageSummary(store, 7, NOW)).totals.downloads).toBe(0), { timeout: 5000 });
    } finally {
      task.stop();
    }
  });
});
