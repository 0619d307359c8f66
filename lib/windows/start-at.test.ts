import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { seedUser } from '@/lib/follows/follows.testkit';
import { dbEngines } from '@/test/db-engines';
import { userWindowPatchSchema } from './schemas';
import { backgroundStartAt, changeUserWindow, userWindow } from './start-at';

const utc = (iso: string) => Date.parse(`${iso}Z`);
// 2026-11-30 is a Monday.
const MON_NOON = utc('2026-11-30T12:00');

describe.each(dbEngines())('when background work may start, on $name', ({ create }) => {
  let db: Db;
  beforeEach(async () => {
    db = await create();
    await seedUser(db, 'u1');
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await db.close();
  });

  it('at once with no window anywhere', async () => {
    vi.stubEnv('DOWNLOAD_WINDOW', '');
    expect(await backgroundStartAt(db, 'u1', MON_NOON)).toBe(MON_NOON);
    expect(await userWindow(db, 'u1', MON_NOON)).toEqual({
      window: '', timeZone: null, server: { window: null, timeZone: 'UTC' }, nextStart: new Date(MON_NOON).toISOString(),
    });
  });

  it("at the operator's window, read on its time zone's clock", async () => {
    vi.stubEnv('DOWNLOAD_WINDOW', 'Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00');
    vi.stubEnv('DOWNLOAD_WINDOW_TZ', 'Europe/Paris');
    // Tuesday 01:00 in Paris (winter) is Tuesday 00:00 UTC.
    expect(await backgroundStartAt(db, 'u1', MON_NOON)).toBe(utc('2026-12-01T00:00'));
    expect(await backgroundStartAt(db, 'u1', utc('2026-12-01T02:00'))).toBe(utc('2026-12-01T02:00'));
  });

  it("where the user's window meets the operator's; the user's alone when the operator has none", async () => {
    vi.stubEnv('DOWNLOAD_WINDOW', 'daily 00:00-06:00');
    // 00:00-03:00 in New York (EST) is 05:00-08:00 UTC: the two meet from 05:00 to 06:00 UTC.
    await changeUserWindow(db, 'u1', { window: 'daily 00:00-03:00', timeZone: 'America/New_York' }, MON_NOON);
    expect(await userWindow(db, 'u1', MON_NOON)).toMatchObject({ window: 'daily 00:00-03:00', timeZone: 'America/New_York', nextStart: '2026-12-01T05:00:00.000Z' });
    expect(await backgroundStartAt(db, 'u1', utc('2026-12-01T05:30'))).toBe(utc('2026-12-01T05:30'));
    expect(await backgroundStartAt(db, 'u1', utc('2026-12-01T06:10'))).toBe(utc('2026-12-02T05:00'));
    vi.stubEnv('DOWNLOAD_WINDOW', '');
    expect(await backgroundStartAt(db, 'u1', utc('2026-12-01T06:10'))).toBe(utc('2026-12-01T06:10'));
    expect(await backgroundStartAt(db, 'u1', MON_NOON)).toBe(utc('2026-12-01T05:00'));
  });

  it("refuses a user window that never meets the operator's, and removes one with empty text", async () => {
    vi.stubEnv('DOWNLOAD_WINDOW', 'Mon 01:00-02:00');
    await expect(changeUserWindow(db, 'u1', { window: 'Tue 01:00-02:00', timeZone: 'UTC' }, MON_NOON)).rejects.toMatchObject({
      code: 'invalid_request', message: expect.stringContaining("never meets the server's"),
    });
    await changeUserWindow(db, 'u1', { window: 'Mon 00:00-24:00', timeZone: 'UTC' }, MON_NOON);
    expect((await userWindow(db, 'u1', MON_NOON)).window).toBe('Mon 00:00-24:00');
    expect(await changeUserWindow(db, 'u1', { window: '', timeZone: 'UTC' }, MON_NOON)).toMatchObject({ window: '', timeZone: null });
  });

  it('validates what a user sends with clear messages', () => {
    expect(userWindowPatchSchema.safeParse({ window: 'Mon 9-5', timeZone: 'UTC' }).error?.issues[0].message).toContain('"9" is not a time (HH:MM, 24-hour)');
    expect(userWindowPatchSchema.safeParse({ window: 'Mon 09:00-17:00', timeZone: 'Nowhere/Land' }).error?.issues[0].message).toContain('Not a time zone');
    expect(userWindowPatchSchema.safeParse({ window: 'Mon 09:00-17:00', timeZone: 'UTC', extra: 1 }).success).toBe(false);
  });
});
