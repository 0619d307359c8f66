import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { dbEngines } from '@/test/db-engines';
import { followChannel, seedUser } from './follows.testkit';
import { updateFollow } from './follows-store';
import { claimDueFollows } from './schedule';
import { enqueueDueChecks } from './scheduler';

const HOUR = 60 * 60_000;
const T0 = 1_800_000_000_000;

describe.each(dbEngines())('follow schedule on $name', ({ create }) => {
  let db: Db;
  let user: string;
  beforeEach(async () => {
    db = await create();
    user = await seedUser(db);
  });
  afterEach(async () => db.close());

  it('claims a due follow once, then at its own slot of the next period', async () => {
    const follow = await followChannel(db, user, 1, T0);
    const { jitter_ms } = (await db.get<{ jitter_ms: number }>('SELECT jitter_ms FROM follows WHERE id = ?', [follow.id]))!;
    expect(await claimDueFollows(db, T0, HOUR, 10)).toEqual([{ id: follow.id, platform: 'youtube' }]);
    expect(await claimDueFollows(db, T0 + 1, HOUR, 10)).toEqual([]);
    const row = (await db.get<{ next_check_at: number; last_check_at: number }>('SELECT next_check_at, last_check_at FROM follows WHERE id = ?', [follow.id]))!;
    expect(Number(row.last_check_at)).toBe(T0);
    const next = Number(row.next_check_at);
    expect(next).toBeGreaterThan(T0 + HOUR / 2);
    expect(next).toBeLessThanOrEqual(T0 + HOUR * 1.5);
    expect((next - Number(jitter_ms)) % HOUR).toBe(0);
    expect(await claimDueFollows(db, next - 1, HOUR, 10)).toEqual([]);
    expect(await claimDueFollows(db, next, HOUR, 10)).toHaveLength(1);
    // Claimed at its slot, a follow is next due exactly one period later.
    const again = (await db.get<{ next_check_at: number }>('SELECT next_check_at FROM follows WHERE id = ?', [follow.id]))!;
    expect(Number(again.next_check_at)).toBe(next + HOUR);
  });

  it('never hands one follow to two nodes claiming at the same moment', async () => {
    for (let n = 0; n < 40; n++) await followChannel(db, user, n, T0);
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => claimDueFollows(db, T0, HOUR, 500)));
    const ids = [...a, ...b, ...c].map((row) => row.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it('never claims a follow twice in one pass, even one whose slot falls a moment after the pass began', async () => {
    for (let n = 0; n < 20; n++) await followChannel(db, user, n, T0);
    await db.run('UPDATE follows SET jitter_ms = ?', [(T0 + 15) % HOUR]);
    let clock = T0;
    const queued: string[] = [];
    const runner = { enqueue: async (_type: string, job: { payload: unknown }) => void queued.push((job.payload as { followId: string }).followId) };
    // Claims of 5 at a time, each at a later clock: from the second on, past the slot every follow has at T0 + 15.
    expect(await enqueueDueChecks({ db: async () => db, runner: runner as never, periodMs: () => HOUR, now: () => (clock += 10), batch: 5 })).toBe(20);
    expect(new Set(queued).size).toBe(20);
  });

  it('spreads follows made at one moment over the period, and leaves paused ones alone', async () => {
    const made = [];
    for (let n = 0; n < 30; n++) made.push(await followChannel(db, user, n, T0));
    await updateFollow(db, user, made[0].id, { paused: true });
    const queued: string[] = [];
    const runner = { enqueue: async (_type: string, job: { payload: unknown }) => void queued.push((job.payload as { followId: string }).followId) };
    expect(await enqueueDueChecks({ db: async () => db, runner: runner as never, periodMs: () => HOUR, now: () => T0 })).toBe(29);
    expect(queued).not.toContain(made[0].id);
    const slots = await db.query<{ next_check_at: number }>('SELECT next_check_at FROM follows WHERE paused = 0');
    const minutes = new Set(slots.map((row) => Math.floor((Number(row.next_check_at) - T0) / 60_000)));
    expect(minutes.size).toBeGreaterThan(10);
    expect(await enqueueDueChecks({ db: async () => db, runner: runner as never, periodMs: () => HOUR, now: () => T0 + 1 })).toBe(0);
  });
});

describe.each(dbEngines())('follows of a disabled account on $name', ({ create }) => {
  let db: Db;
  beforeEach(async () => {
    db = await create();
  });
  afterEach(async () => db.close());

  it('are never claimed for a check while the account is disabled, and are again once it is not', async () => {
    const ada = await seedUser(db, 'ada');
    const bob = await seedUser(db, 'bob');
    const adas = await followChannel(db, ada, 1, T0);
    const bobs = await followChannel(db, bob, 2, T0);
    await db.run("UPDATE users SET role = 'disabled' WHERE id = ?", [ada]);
    expect(await claimDueFollows(db, T0, HOUR, 10)).toEqual([{ id: bobs.id, platform: 'youtube' }]);
    await db.run("UPDATE users SET role = 'member' WHERE id = ?", [ada]);
    expect(await claimDueFollows(db, T0 + 1, HOUR, 10)).toEqual([{ id: adas.id, platform: 'youtube' }]);
  });
});
