import { afterEach, describe, expect, it } from 'vitest';
import { migrationsBefore, unmigratedStores } from '@/test/db-engines';
import { migrate } from './migrations';

const T0 = 1_800_000_000_000;

describe.each(unmigratedStores())('user limits migration on $name', ({ open }) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('adds per-user limits that go with their user, and byte counts past 32 bits, to an existing store', async () => {
    const store = await open();
    close = store.close;
    const { db } = store;
    await migrate(db, migrationsBefore('0014_user_limits'));
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
    expect(await migrate(db)).toContain('0014_user_limits');
    await db.run('INSERT INTO user_limits (user_id, concurrent_jobs, daily_bytes, updated_at) VALUES (?, ?, ?, ?)', ['u1', 3, 6_000_000_000, T0]);
    expect(await db.get('SELECT concurrent_jobs, daily_bytes FROM user_limits')).toMatchObject({ concurrent_jobs: 3 });
    expect(Number((await db.get<{ daily_bytes: number | string }>('SELECT daily_bytes FROM user_limits'))!.daily_bytes)).toBe(6_000_000_000);
    await db.run('INSERT INTO byte_counters (key, period, count, expires_at) VALUES (?, ?, ?, ?)', ['bytes:user:u1', 'day:2027-01-15', 5_000_000_000, T0]);
    expect(Number((await db.get<{ count: number | string }>('SELECT count FROM byte_counters'))!.count)).toBe(5_000_000_000);
    await db.run('DELETE FROM users WHERE id = ?', ['u1']);
    expect(await db.get('SELECT user_id FROM user_limits')).toBeUndefined();
  });
});
