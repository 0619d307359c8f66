import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { closeRedis } from '@/lib/redis/connection';
import { dbEngines } from '@/test/db-engines';
import { dropPrefix, REDIS_SKIP_REASON, testPrefix, testRedisUrl } from '@/test/redis-server';
import type { CounterBackend, Quota } from './counter-types';
import { meter, meterOn, peekOn, readCount } from './counters';
import { dbCounters } from './db-counters';
import { EXPIRY_GRACE_MS, redisCounters } from './redis-counters';
import { dayWindow, hourWindow, monthWindow } from './windows';

/** The same contract on every backend: the database engines, and Redis when the test command started one. */
interface Backend { name: string; open(): Promise<{ backend: CounterBackend; close(): Promise<void> }> }

const prefix = testPrefix();
const backends: Backend[] = dbEngines().map((engine) => ({
  name: engine.name,
  open: async () => {
    const db = await engine.create();
    return { backend: dbCounters(db), close: () => db.close() };
  },
}));
if (testRedisUrl) {
  backends.push({
    name: 'redis',
    open: async () => {
      const client = new Redis(testRedisUrl!);
      return { backend: redisCounters(client, prefix), close: async () => void client.disconnect() };
    },
  });
}

afterAll(async () => {
  if (testRedisUrl) await dropPrefix(testRedisUrl, prefix);
});

// The real clock: Redis expires a counter by its own clock, so a window must not have passed already.
const at = Date.now();
const day = (limit: number): Quota => ({ window: dayWindow(at), limit, message: `day ${limit}` });
const month = (limit: number): Quota => ({ window: monthWindow(at), limit, message: `month ${limit}` });
let serial = 0;
const freshKey = () => `k${++serial}:${Math.random().toString(36).slice(2)}`;

describe.each(backends)('counters on $name', ({ open }) => {
  let backend: CounterBackend;
  let close: () => Promise<void>;
  beforeEach(async () => ({ backend, close } = await open()));
  afterEach(() => close());

  it('counts up to the limit, then refuses without counting', async () => {
    const key = freshKey();
    for (let n = 1; n <= 3; n++) {
      const m = await meterOn(backend, key, [day(3)]);
      expect(m).toMatchObject({ allowed: true, states: [{ used: n, limit: 3 }] });
    }
    const refused = await meterOn(backend, key, [day(3)]);
    expect(refused).toMatchObject({ allowed: false, exceeded: { used: 3, message: 'day 3' } });
    expect(await backend.read(key, dayWindow(at))).toBe(3);
  });

  it('is all or none across quotas: the month refusing leaves the day untouched', async () => {
    const key = freshKey();
    await meterOn(backend, key, [day(10), month(2)], 2);
    const refused = await meterOn(backend, key, [day(10), month(2)]);
    expect(refused).toMatchObject({ allowed: false, exceeded: { message: 'month 2', used: 2 } });
    expect(refused.states.map((s) => s.used)).toEqual([2, 2]);
    expect((await peekOn(backend, key, [day(10), month(2)])).states.map((s) => s.used)).toEqual([2, 2]);
  });

  it('refuses a cost over the whole limit, and a cost that no longer fits, without counting any part', async () => {
    const key = freshKey();
    expect((await meterOn(backend, key, [day(5)], 6)).allowed).toBe(false);
    expect(await backend.read(key, dayWindow(at))).toBe(0);
    expect((await meterOn(backend, key, [day(5)], 4)).allowed).toBe(true);
    expect(await meterOn(backend, key, [day(5)], 2)).toMatchObject({ allowed: false, exceeded: { used: 4 } });
    expect((await meterOn(backend, key, [day(5)], 1)).states[0].used).toBe(5);
  });

  it('never passes the limit under concurrency', async () => {
    const key = freshKey();
    const results = await Promise.all(Array.from({ length: 40 }, () => meterOn(backend, key, [day(25), month(1000)])));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    expect(await backend.read(key, dayWindow(at))).toBe(25);
    expect(await backend.read(key, monthWindow(at))).toBe(25);
  });

  it('keeps each window apart: a new hour starts at zero', async () => {
    const key = freshKey();
    const hour = (t: number): Quota => ({ window: hourWindow(t), limit: 1, message: 'hour' });
    expect((await meterOn(backend, key, [hour(at)])).allowed).toBe(true);
    expect((await meterOn(backend, key, [hour(at)])).allowed).toBe(false);
    expect((await meterOn(backend, key, [hour(at + 3600_000)])).allowed).toBe(true);
  });
});

(testRedisUrl ? describe : describe.skip)(testRedisUrl ? 'counters in Redis' : `counters in Redis — ${REDIS_SKIP_REASON}`, () => {
  afterEach(async () => {
    vi.unstubAllEnvs();
    await closeRedis();
  });

  it('each counter expires when its window resets (plus the clock grace), under the prefix and one hash tag', async () => {
    const client = new Redis(testRedisUrl!);
    try {
      const key = freshKey();
      const now = Date.now();
      await meterOn(redisCounters(client, prefix), key, [{ window: hourWindow(now), limit: 5, message: 'h' }]);
      const name = `${prefix}rate:{${key}}:${hourWindow(now).period}`;
      const expiresAt = await client.pexpiretime(name);
      expect(expiresAt).toBe(hourWindow(now).resetsAt + EXPIRY_GRACE_MS);
    } finally {
      client.disconnect();
    }
  });

  it('meter(db, …) counts in Redis once REDIS_URL is set, and the database counter stays untouched', async () => {
    const [sqlite] = dbEngines();
    const db: Db = await sqlite.create();
    try {
      vi.stubEnv('REDIS_URL', testRedisUrl!);
      vi.stubEnv('REDIS_PREFIX', prefix);
      const key = freshKey();
      const quota: Quota = { window: dayWindow(Date.now()), limit: 9, message: 'd' };
      expect((await meter(db, key, [quota], 4)).states[0].used).toBe(4);
      expect(await readCount(db, key, quota.window)).toBe(4);
      expect(await dbCounters(db).read(key, quota.window)).toBe(0);
      vi.stubEnv('REDIS_URL', '');
      expect(await readCount(db, key, quota.window)).toBe(0);
    } finally {
      await db.close();
    }
  });
});
