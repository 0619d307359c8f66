import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { updatePreferences } from '@/lib/settings/settings-store';
import { dbEngines } from '@/test/db-engines';
import { bulkFieldsOf, downloadFieldsOf } from './apply';
import { createPreset, presetNamed, presetsOf, removePreset, updatePreset } from './presets';
import { MAX_PRESETS } from './schemas';

const addUser = (db: Db, id: string) =>
  db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [id, `${id}@example.com`, 'h', Date.now()]);

describe.each(dbEngines())('presets on $name', ({ create }) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });
  const open = async () => {
    db = await create();
    await addUser(db, 'u1');
    await addUser(db, 'u2');
    return db;
  };

  it('gives a first-time user the starter set in their language, once', async () => {
    const store = await open();
    const english = await presetsOf(store, 'u1', 'en');
    expect(english.map((p) => p.name)).toEqual(['Best video', '1080p MP4', '720p (small)', 'Audio MP3 320k', 'Audio M4A']);
    expect(english.map((p) => [p.quality, p.format, p.audioBitrate])).toEqual([
      ['best', 'mp4', '320k'], ['1080p', 'mp4', '320k'], ['720p', 'mp4', '320k'], ['best', 'mp3', '320k'], ['best', 'm4a', '320k'],
    ]);
    expect(english.every((p) => p.subs === null && p.embedMetadata && !p.exact && !p.isDefault)).toBe(true);
    // A later read in another language neither renames nor adds.
    expect((await presetsOf(store, 'u1', 'ar')).map((p) => p.name)).toEqual(english.map((p) => p.name));

    const arabic = await presetsOf(store, 'u2', 'ar');
    expect(arabic.map((p) => p.name)).toEqual(['أفضل فيديو', 'MP4 بدقة 1080p', '720p (حجم صغير)', 'صوت MP3 بمعدل 320k', 'صوت M4A']);
  });

  it('two first reads at once give the starter set once', async () => {
    const store = await open();
    const [a, b] = await Promise.all([presetsOf(store, 'u1', 'en'), presetsOf(store, 'u1', 'fr')]);
    expect(a.length === 5 || b.length === 5).toBe(true);
    expect(await presetsOf(store, 'u1', 'en')).toHaveLength(5);
  });

  it('deleting every starter does not bring them back', async () => {
    const store = await open();
    for (const preset of await presetsOf(store, 'u1', 'en')) await removePreset(store, 'u1', preset.id);
    expect(await presetsOf(store, 'u1', 'en')).toEqual([]);
    await expect(presetNamed(store, 'u1', 'Best video', 'en')).rejects.toMatchObject({ code: 'preset_unknown' });
  });

  it('creates from the user settings, renames, edits, sets one default, deletes', async () => {
    const store = await open();
    await updatePreferences(store, 'u1', { defaultQuality: '720p', defaultFormat: 'webm', embedMetadata: false });
    const made = await createPreset(store, 'u1', { name: '  Podcasts ', format: 'mp3', audioBitrate: '128k' }, 'en');
    expect(made).toMatchObject({ name: 'Podcasts', quality: '720p', format: 'mp3', audioBitrate: '128k', embedMetadata: false, subs: null, isDefault: false });
    // The starters came first: the new preset is listed after them.
    expect((await presetsOf(store, 'u1', 'en')).map((p) => p.name).at(-1)).toBe('Podcasts');

    const renamed = await updatePreset(store, 'u1', made.id, { name: 'Talks', subs: 'pt-BR', exact: true, isDefault: true });
    expect(renamed).toMatchObject({ name: 'Talks', format: 'mp3', audioBitrate: '128k', subs: 'pt-BR', exact: true, isDefault: true });
    const best = (await presetsOf(store, 'u1', 'en'))[0];
    await updatePreset(store, 'u1', best.id, { isDefault: true });
    const list = await presetsOf(store, 'u1', 'en');
    expect(list.filter((p) => p.isDefault).map((p) => p.id)).toEqual([best.id]);
    await updatePreset(store, 'u1', best.id, { isDefault: false });
    expect((await presetsOf(store, 'u1', 'en')).some((p) => p.isDefault)).toBe(false);

    await removePreset(store, 'u1', made.id);
    await expect(removePreset(store, 'u1', made.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('carries a loudness: from the user setting when made, stored, and laid under a request like its other options', async () => {
    const store = await open();
    await updatePreferences(store, 'u1', { loudness: 'podcast' });
    const made = await createPreset(store, 'u1', { name: 'Talks', format: 'mp3' }, 'en');
    expect(made.loudness).toBe('podcast');
    const changed = await updatePreset(store, 'u1', made.id, { loudness: 'broadcast' });
    expect(changed.loudness).toBe('broadcast');
    expect((await presetNamed(store, 'u1', 'talks', 'en')).loudness).toBe('broadcast');
    expect(downloadFieldsOf(changed, {})).toMatchObject({ loudness: 'broadcast' });
    expect(bulkFieldsOf(changed, changed.name, {})).toMatchObject({ loudness: 'broadcast' });
    // The starters leave the sound as the source has it.
    expect((await presetsOf(store, 'u1', 'en')).filter((p) => p.id !== made.id).every((p) => p.loudness === 'off')).toBe(true);
  });

  it('a name is unique per user whatever its case; another user may use it', async () => {
    const store = await open();
    await presetsOf(store, 'u1', 'en');
    await expect(createPreset(store, 'u1', { name: 'best VIDEO' }, 'en')).rejects.toMatchObject({ code: 'preset_name_taken' });
    const [, second] = await presetsOf(store, 'u1', 'en');
    await expect(updatePreset(store, 'u1', second.id, { name: 'Best Video' })).rejects.toMatchObject({ code: 'preset_name_taken' });
    expect(await createPreset(store, 'u2', { name: 'Best video' }, 'fr')).toMatchObject({ name: 'Best video' });
    expect((await presetNamed(store, 'u1', ' BEST video ', 'en')).id).toBe((await presetsOf(store, 'u1', 'en'))[0].id);
  });

  it("never reads, changes or deletes another user's preset", async () => {
    const store = await open();
    const [theirs] = await presetsOf(store, 'u1', 'en');
    await expect(updatePreset(store, 'u2', theirs.id, { name: 'Mine' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(removePreset(store, 'u2', theirs.id)).rejects.toMatchObject({ code: 'not_found' });
    const mine = await presetsOf(store, 'u2', 'en');
    expect(mine.map((p) => p.id)).not.toContain(theirs.id);
    expect((await presetsOf(store, 'u1', 'en'))[0]).toEqual(theirs);
  });

  it(`keeps at most ${MAX_PRESETS} presets a user`, async () => {
    const store = await open();
    await presetsOf(store, 'u1', 'en');
    for (let i = 5; i < MAX_PRESETS; i += 1) await createPreset(store, 'u1', { name: `P${i}` }, 'en');
    await expect(createPreset(store, 'u1', { name: 'One more' }, 'en')).rejects.toMatchObject({ code: 'preset_limit' });
  });

  it('a deleted user takes their presets with them', async () => {
    const store = await open();
    await presetsOf(store, 'u1', 'en');
    await store.run('DELETE FROM users WHERE id = ?', ['u1']);
    expect(await store.get('SELECT COUNT(*) AS n FROM presets')).toEqual({ n: 0 });
    expect(await store.get('SELECT COUNT(*) AS n FROM preset_owners')).toEqual({ n: 0 });
  });
});
