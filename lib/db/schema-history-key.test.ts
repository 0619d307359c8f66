import { afterEach, describe, expect, it } from 'vitest';
import { migrationsBefore, unmigratedStores } from '@/test/db-engines';
import { migrate } from './migrations';

const T0 = 1_800_000_000_000;
const BEFORE = migrationsBefore('0009_history_media_key');

describe.each(unmigratedStores())('history media key migration on $name', ({ open }) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('keeps existing rows with no key, and finds a user\'s rows by key through its index', async () => {
    const store = await open();
    close = store.close;
    const { db } = store;
    await migrate(db, BEFORE);
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
    const row = `INSERT INTO history (id, user_id, title, thumbnail, platform, media_ref, quality, format, status, file_size, downloaded_at)
      VALUES (?, 'u1', 'Old', NULL, 'youtube', 'youtube:abc', '720p', 'mp4', 'completed', NULL, ?)`;
    await db.run(row, ['h1', T0]);
    expect((await migrate(db))[0]).toBe('0009_history_media_key');
    expect(await db.get('SELECT id, media_key FROM history')).toEqual({ id: 'h1', media_key: null });
    await db.run(row.replace('file_size, downloaded_at)', 'file_size, downloaded_at, media_key)').replace('?)', '?, ?)'), ['h2', T0 + 1, 'k1']);
    expect(await db.query('SELECT id FROM history WHERE user_id = ? AND media_key = ?', ['u1', 'k1'])).toEqual([{ id: 'h2' }]);
    const indexed = db.kind === 'postgres'
      ? await db.get("SELECT indexname AS name FROM pg_indexes WHERE indexname = 'history_user_media_key'")
      : await db.get("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'history_user_media_key'");
    expect(indexed).toEqual({ name: 'history_user_media_key' });
  });
});
