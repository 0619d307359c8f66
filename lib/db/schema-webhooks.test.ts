import { afterEach, describe, expect, it } from 'vitest';
import { migrationsBefore, unmigratedStores } from '@/test/db-engines';
import { migrate } from './migrations';

const T0 = 1_800_000_000_000;

describe.each(unmigratedStores())('webhooks migration on $name', ({ open }) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('adds webhooks and their deliveries, refuses an unknown format, and goes with the account', async () => {
    const store = await open();
    close = store.close;
    const { db } = store;
    await migrate(db, migrationsBefore('0011_webhooks'));
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
    expect(await migrate(db)).toContain('0011_webhooks');
    const hook = 'INSERT INTO webhooks (id, user_id, url, events, format, secret_box, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';
    await db.run(hook, ['whk_1', 'u1', 'https://example.com/h', 'follow.new', 'ntfy', 'v1.a.b.c', T0]);
    await expect(db.run(hook, ['whk_2', 'u1', 'https://example.com/h', 'follow.new', 'slack', 'v1.a.b.c', T0])).rejects.toThrow();
    await db.run(
      `INSERT INTO webhook_deliveries (id, webhook_id, event, body, status, max_attempts, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ['dlv_1', 'whk_1', 'follow.new', '{}', 'pending', 5, T0],
    );
    expect(await db.get('SELECT enabled, attempts FROM webhooks JOIN webhook_deliveries ON webhook_id = webhooks.id')).toEqual({ enabled: 1, attempts: 0 });
    await db.run('DELETE FROM users WHERE id = ?', ['u1']);
    expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_deliveries'))!.n)).toBe(0);
    expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhooks'))!.n)).toBe(0);
  });
});
