import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrations';
import { migrationsBefore, unmigratedStores } from '@/test/db-engines';
import { presetsOf } from './presets';

const BEFORE = migrationsBefore('0015_presets');

describe.each(unmigratedStores())('presets migration on $name', ({ open }) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('upgrades a store with accounts: they have no presets until their first read, which gives the starter set', async () => {
    const store = await open();
    close = store.close;
    const { db } = store;
    await migrate(db, BEFORE);
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', 1]);
    expect(await migrate(db)).toContain('0015_presets');
    expect(await db.get('SELECT COUNT(*) AS n FROM presets')).toEqual({ n: 0 });
    expect((await presetsOf(db, 'u1', 'fr')).map((preset) => preset.name)).toEqual(['Meilleure vidéo', 'MP4 1080p', '720p (léger)', 'Audio MP3 320k', 'Audio M4A']);

    // Options are checked by the store: a row with a value outside them is refused, one per user and name.
    await expect(db.run(
      `INSERT INTO presets (id, user_id, name, name_key, quality, format, audio_bitrate, subs, embed_metadata, exact, position, created_at, updated_at)
       VALUES ('p1', 'u1', 'X', 'x', 'best', 'mp4', '320k', NULL, 2, 0, 9, 1, 1)`,
    )).rejects.toMatchObject({ details: { reason: 'check' } });
    await expect(db.run(
      `INSERT INTO presets (id, user_id, name, name_key, quality, format, audio_bitrate, subs, embed_metadata, exact, position, created_at, updated_at)
       VALUES ('p2', 'u1', 'MP4 1080P', 'mp4 1080p', 'best', 'mp4', '320k', NULL, 1, 0, 9, 1, 1)`,
    )).rejects.toMatchObject({ code: 'conflict' });
  });
});
