import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { dbEngines } from '@/test/db-engines';
import { listFollowEntries, listUserEntries } from './library-store';
import { saveToLibrary, type SaveDeps, type SavedMedia } from './save';
import { scanLibrary } from './scan';
import { followForLibrary, updateLibrarySettings } from './settings-store';

const T0 = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

const media = (n: number, extra: Partial<SavedMedia> = {}): SavedMedia => ({
  mediaId: `vid${n}`, platform: 'youtube', title: `Episode ${n}: A & B`, description: 'About <this>', creator: 'Jane Doe',
  uploadDate: `2024030${n}`, durationSeconds: 61, thumbnailUrl: 'https://img.example/x.jpg', quality: '720p', ext: 'mp4', size: 6, ...extra,
});

describe.each(dbEngines())('library on $name', ({ create }) => {
  let db: Db;
  let root: string;
  let deps: SaveDeps;
  beforeEach(async () => {
    db = await create();
    root = await mkdtemp(path.join(tmpdir(), 'grabline-library-'));
    process.env.LIBRARY_DIR = root;
    await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', T0]);
    await db.run(
      `INSERT INTO follows (id, user_id, platform, channel_url, feed_id, name, mode, jitter_ms, next_check_at, created_at)
       VALUES ('f1', 'u1', 'youtube', 'https://www.youtube.com/channel/UCx', 'UCx', 'Jane Doe', 'auto', 5, ?, ?)`,
      [T0, T0],
    );
    deps = { db, root, read: async () => Readable.from([Buffer.from('movie!')]), picture: async (src) => (src ? JPEG : undefined), quotaBytes: 1000, now: () => T0 };
  });
  afterEach(async () => {
    await db.close();
    delete process.env.LIBRARY_DIR;
    await rm(root, { recursive: true, force: true });
  });

  it('writes a follow\'s upload under the user\'s template in their own folder, recorded for the feeds', async () => {
    await updateLibrarySettings(db, 'u1', { template: '%(creator)s/%(upload_date>%Y)s/%(title)s [%(id)s]', layout: 'plain' });
    const follow = (await followForLibrary(db, 'f1'))!;
    const result = await saveToLibrary(deps, { userId: 'u1', follow, media: media(1) });
    expect(result).toEqual({ saved: true, relPath: 'u1/Jane Doe/2024/Episode 1_ A & B [vid1].mp4' });
    expect(await readFile(path.join(root, 'u1/Jane Doe/2024/Episode 1_ A & B [vid1].mp4'), 'utf8')).toBe('movie!');
    const [entry] = await listFollowEntries(db, 'f1');
    expect(entry).toMatchObject({
      userId: 'u1', followId: 'f1', mediaId: 'vid1', size: 6, mime: 'video/mp4', title: 'Episode 1: A & B', durationSeconds: 61,
      publishedAt: Date.UTC(2024, 2, 1), path: path.join(root, 'u1/Jane Doe/2024/Episode 1_ A & B [vid1].mp4'),
      thumbnailPath: path.join(root, 'u1/Jane Doe/2024/Episode 1_ A & B [vid1]-thumb.jpg'),
    });
    expect(await saveToLibrary(deps, { userId: 'u1', follow, media: media(1) })).toEqual({ saved: false, reason: 'duplicate' });
  });

  it('numbers a name already taken', async () => {
    await updateLibrarySettings(db, 'u1', { template: 'same' });
    await saveToLibrary(deps, { userId: 'u1', media: media(1) });
    await saveToLibrary(deps, { userId: 'u1', media: media(2) });
    expect((await readdir(path.join(root, 'u1'))).sort()).toEqual(['same (2)-thumb.jpg', 'same (2).mp4', 'same-thumb.jpg', 'same.mp4']);
  });

  it('lays out a media-server folder: tvshow.nfo, poster, Season year, episode NFO and thumbnail', async () => {
    await updateLibrarySettings(db, 'u1', { layout: 'media-server', template: '%(upload_date>%Y-%m-%d)s %(title)s' });
    const follow = (await followForLibrary(db, 'f1'))!;
    await saveToLibrary(deps, { userId: 'u1', follow, media: media(1) });
    await saveToLibrary(deps, { userId: 'u1', follow, media: media(2) });
    const show = path.join(root, 'u1/Jane Doe');
    expect((await readdir(show)).sort()).toEqual(['Season 2024', 'poster.jpg', 'tvshow.nfo']);
    expect((await readdir(path.join(show, 'Season 2024'))).sort()).toEqual([
      '2024-03-01 Episode 1_ A & B-thumb.jpg', '2024-03-01 Episode 1_ A & B.mp4', '2024-03-01 Episode 1_ A & B.nfo',
      '2024-03-02 Episode 2_ A & B-thumb.jpg', '2024-03-02 Episode 2_ A & B.mp4', '2024-03-02 Episode 2_ A & B.nfo',
    ]);
    const tvshow = await readFile(path.join(show, 'tvshow.nfo'), 'utf8');
    expect(XMLValidator.validate(tvshow)).toBe(true);
    expect(parser.parse(tvshow).tvshow).toMatchObject({ title: 'Jane Doe', studio: 'YouTube', uniqueid: { '#text': 'UCx', '@type': 'youtube' } });
    const nfo = await readFile(path.join(show, 'Season 2024/2024-03-02 Episode 2_ A & B.nfo'), 'utf8');
    expect(XMLValidator.validate(nfo)).toBe(true);
    expect(parser.parse(nfo).episodedetails).toMatchObject({
      title: 'Episode 2: A & B', plot: 'About <this>', aired: '2024-03-02', season: '2024', episode: '2', studio: 'YouTube',
      uniqueid: { '#text': 'vid2', '@type': 'youtube', '@default': 'true' }, thumb: '2024-03-02 Episode 2_ A & B-thumb.jpg',
    });
    expect(new Uint8Array(await readFile(path.join(show, 'poster.jpg')))).toEqual(JPEG);
  });

  it('applies the follow\'s keep policy: the newest N stay, the rest leave the folder', async () => {
    await db.run("UPDATE follows SET keep_kind = 'last', keep_value = 2 WHERE id = 'f1'");
    const follow = (await followForLibrary(db, 'f1'))!;
    for (const n of [1, 2, 3]) await saveToLibrary(deps, { userId: 'u1', follow, media: media(n) });
    expect((await listFollowEntries(db, 'f1')).map((entry) => entry.mediaId)).toEqual(['vid3', 'vid2']);
    const names = await readdir(path.join(root, 'u1/Jane Doe'));
    expect(names.some((name) => name.includes('vid1'))).toBe(false);
    expect(names.filter((name) => name.endsWith('.mp4'))).toHaveLength(2);
  });

  it('keeps the user\'s library within its quota', async () => {
    deps.quotaBytes = 10;
    expect((await saveToLibrary(deps, { userId: 'u1', media: media(1) })).saved).toBe(true);
    expect(await saveToLibrary(deps, { userId: 'u1', media: media(2) })).toEqual({ saved: false, reason: 'quota' });
  });

  it('the start-up scan drops rows whose file is gone and prunes by days', async () => {
    await saveToLibrary(deps, { userId: 'u1', media: media(1) });
    await saveToLibrary(deps, { userId: 'u1', follow: (await followForLibrary(db, 'f1'))!, media: media(2) });
    const [gone] = await listUserEntries(db, 'u1');
    await rm(gone.path);
    expect(await scanLibrary(db, root, T0)).toEqual({ entries: 1, missing: 1, pruned: 0 });
    await db.run("UPDATE follows SET keep_kind = 'days', keep_value = 3 WHERE id = 'f1'");
    const left = await listUserEntries(db, 'u1');
    const result = await scanLibrary(db, root, T0 + 4 * DAY);
    expect(result.pruned).toBe(left.filter((entry) => entry.followId === 'f1').length);
    await expect(stat(path.join(root, 'u1'))).resolves.toBeTruthy();
  });
});
