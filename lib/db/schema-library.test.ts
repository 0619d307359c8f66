import { afterEach, describe, expect, it } from 'vitest';
import { migrationsBefore, unmigratedStores } from '@/test/db-engines';
import { migrate } from './migrations';

const T0 = 1_800_000_000_000;

describe.each(unmigratedStores())('library migration on $name', ({ open }) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('gives existing follows "keep all" and the user\'s template, and entries go with their user', async () => {
    const store = await open();
    close = store.close;
    const { db } = store;
    await migrate(db, migrationsBefore('0019_library'));
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
    await db.run(
      `INSERT INTO follows (id, user_id, platform, channel_url, name, jitter_ms, next_check_at, created_at)
       VALUES ('f1', 'u1', 'youtube', 'https://www.youtube.com/channel/UCx', 'Someone', 5, ?, ?)`,
      [T0, T0],
    );
    expect(await migrate(db)).toContain('0019_library');
    expect(await db.get('SELECT library_template, library_layout, keep_kind, keep_value FROM follows')).toEqual({
      library_template: null, library_layout: null, keep_kind: 'all', keep_value: null,
    });
    await expect(db.run("UPDATE follows SET keep_kind = 'forever'")).rejects.toThrow();
    await expect(db.run("UPDATE follows SET library_layout = 'jellyfin'")).rejects.toThrow();
    await db.run(
      `INSERT INTO library_entries (id, user_id, follow_id, media_id, platform, rel_path, size, mime, title, created_at)
       VALUES ('e1', 'u1', 'f1', 'm1', 'youtube', 'u1/a.mp4', 5, 'video/mp4', 'T', ?)`,
      [T0],
    );
    await expect(db.run(
      `INSERT INTO library_entries (id, user_id, media_id, platform, rel_path, size, mime, title, created_at)
       VALUES ('e2', 'u1', 'm2', 'youtube', 'u1/a.mp4', 5, 'video/mp4', 'T', ?)`,
      [T0],
    )).rejects.toThrow();
    await db.run("DELETE FROM follows WHERE id = 'f1'");
    expect(await db.get('SELECT follow_id FROM library_entries')).toEqual({ follow_id: null });
    await db.run("DELETE FROM users WHERE id = 'u1'");
    expect(await db.query('SELECT id FROM library_entries')).toEqual([]);
  });
});
