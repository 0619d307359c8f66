import { afterEach, describe, expect, it } from 'vitest';
import { migrationsBefore, unmigratedStores } from '@/test/db-engines';
import { migrate } from './migrations';

const T0 = 1_800_000_000_000;

describe.each(unmigratedStores())('follows migration on $name', ({ open }) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('adds follows and their seen uploads to an existing store; both go with their user', async () => {
    const store = await open();
    close = store.close;
    const { db } = store;
    await migrate(db, migrationsBefore('0010_follows'));
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
    expect(await migrate(db)).toContain('0010_follows');
    await db.run(
      `INSERT INTO follows (id, user_id, platform, channel_url, name, jitter_ms, next_check_at, created_at)
       VALUES ('f1', 'u1', 'youtube', 'https://www.youtube.com/channel/UCx', 'Someone', 5, ?, ?)`,
      [T0, T0],
    );
    expect(await db.get('SELECT mode, paused, primed, skip_shorts, last_check_at FROM follows')).toEqual({
      mode: 'pick', paused: 0, primed: 0, skip_shorts: 0, last_check_at: null,
    });
    await db.run(`INSERT INTO follow_uploads (follow_id, media_id, title, url, state, seen_at) VALUES ('f1', 'm1', 'T', 'https://x', 'new', ?)`, [T0]);
    await expect(db.run(`INSERT INTO follow_uploads (follow_id, media_id, title, url, state, seen_at) VALUES ('f1', 'm2', 'T', 'https://x', 'lost', ?)`, [T0]))
      .rejects.toThrow();
    await expect(db.run(`INSERT INTO follows (id, user_id, platform, channel_url, name, jitter_ms, next_check_at, created_at)
       VALUES ('f2', 'u1', 'youtube', 'https://www.youtube.com/channel/UCx', 'Twice', 5, ?, ?)`, [T0, T0])).rejects.toThrow();
    await db.run('DELETE FROM users WHERE id = ?', ['u1']);
    expect(await db.query('SELECT follow_id FROM follow_uploads')).toEqual([]);
    expect(await db.query('SELECT id FROM follows')).toEqual([]);
  });
});
