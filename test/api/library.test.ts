import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as startBulk } from '@/app/api/bulk/route';
import { POST as checkNow } from '@/app/api/follows/[followId]/check/route';
import { PATCH as changeFollow } from '@/app/api/follows/[followId]/route';
import { POST as follow } from '@/app/api/follows/route';
import { GET as readLibrary, PATCH as patchLibrary } from '@/app/api/library/settings/route';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progress } from '@/app/api/media/progress/[id]/route';
import { POST as createPreset } from '@/app/api/presets/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { channelId } from '@/lib/follows/follows.testkit';
import { listFollowEntries, listUserEntries } from '@/lib/library/library-store';
import { clearAnalyses } from '@/lib/media/analyze';
import { probeMedia } from '@/lib/media/ffmpeg';
import { chapterMediaUrlPath } from '@/test/fixtures/chapter-media';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { until } from './download.testkit';
import { signUp } from './history.testkit';

let site: FixtureSite;
let tempRoot: string;
let library: string;
const saved = { ...process.env };
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
beforeAll(async () => {
  tempRoot = mkdtempSync(path.join(tmpdir(), 'grabline-library-api-'));
  library = path.join(tempRoot, 'library');
  site = await startFixtureSite();
  Object.assign(process.env, {
    TEMP_DIR: path.join(tempRoot, 'temp'), MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`, MAX_DOWNLOADS_PER_IP: '100',
    FOLLOW_YOUTUBE_FEED_URL: `${site.origin}/creators/feeds/videos.xml`, FOLLOW_AUTO: 'on', LIBRARY_DIR: library,
  });
});
afterAll(async () => {
  await site?.close();
  process.env = saved;
  rmSync(tempRoot, { recursive: true, force: true });
});

let channels = 900;

describe.each(appStores())('the library on $name', ({ open }) => {
  let close: () => Promise<void>;
  let ada: { cookie: string; userId: string };
  beforeEach(async () => {
    close = await open();
    clearAnalyses();
    ada = await signUp(`ada${channels}@example.com`);
  });
  afterEach(async () => {
    await close();
  });
  const as = (who: { cookie: string }) => ({ headers: { cookie: who.cookie, origin: 'http://localhost' } });

  it('keeps a template and layout per user, refusing a bad template with a clear error', async () => {
    const first = await callRoute(readLibrary, '/api/library/settings', as(ada));
    expect(first.json.data).toEqual({ template: '%(creator|Unknown)s/%(upload_date>%Y-%m-%d)s %(title)s [%(id)s].%(ext)s', layout: 'plain', available: true });
    const bad = await callRoute(patchLibrary, '/api/library/settings', { ...as(ada), method: 'PATCH', body: { template: '%(uploader)s/%(title)s' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('Unknown field "uploader"');
    const escape = await callRoute(patchLibrary, '/api/library/settings', { ...as(ada), method: 'PATCH', body: { template: '../%(title)s' } });
    expect(escape.status).toBe(400);
    const wrongLayout = await callRoute(patchLibrary, '/api/library/settings', { ...as(ada), method: 'PATCH', body: { layout: 'jellyfin' } });
    expect(wrongLayout.status).toBe(400);
    const good = await callRoute(patchLibrary, '/api/library/settings', { ...as(ada), method: 'PATCH', body: { template: '%(platform)s/%(title)s', layout: 'media-server' } });
    expect(good.json.data).toEqual({ template: '%(platform)s/%(title)s', layout: 'media-server', available: true });
    expect((await callRoute(readLibrary, '/api/library/settings', as(ada))).json.data.layout).toBe('media-server');
  });

  it('saves a download the user asked to keep in their library, under their template', async () => {
    await callRoute(patchLibrary, '/api/library/settings', { ...as(ada), method: 'PATCH', body: { template: 'Saved/%(title)s [%(quality)s]' } });
    const started = await callRoute(startDownload, '/api/media/download', { ...as(ada), body: { url: `${site.origin}/video.mp4?lib=1`, quality: '720p', format: 'mp4', saveToLibrary: true } });
    expect(started.status).toBe(200);
    await until(async () => (await listUserEntries(await getDb(), ada.userId)).length === 1, 60_000);
    const [entry] = await listUserEntries(await getDb(), ada.userId);
    expect(entry.relPath.startsWith(`${ada.userId}/Saved/`)).toBe(true);
    expect(entry.relPath).toMatch(/ \[720p\]\.mp4$/);
    const probe = await probeMedia(entry.path);
    expect(probe.duration).toBeGreaterThan(5.5);
    expect(entry.size).toBeGreaterThan(10_000);
    // A download not asked to be saved stays out of the library.
    const plain = await callRoute(startDownload, '/api/media/download', { ...as(ada), body: { url: `${site.origin}/video.mp4?lib=0`, quality: '720p', format: 'mp4' } });
    const id = plain.json.data.downloadId;
    await until(async () => (await callRoute(progress, `/api/media/progress/${id}`, { ...as(ada), params: { id } })).json.data.status === 'ready', 60_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await listUserEntries(await getDb(), ada.userId)).toHaveLength(1);
  }, 90_000);

  it('saves every file of a batch asked to go to the library', async () => {
    await callRoute(patchLibrary, '/api/library/settings', { ...as(ada), method: 'PATCH', body: { template: 'Batch/%(title)s' } });
    const started = await callRoute(startBulk, '/api/bulk', { ...as(ada), body: { urls: [`${site.origin}/video.mp4?b=1`, `${site.origin}/audio.mp3?b=2`], quality: '720p', format: 'mp4', saveToLibrary: true } });
    expect(started.status).toBe(200);
    await until(async () => (await listUserEntries(await getDb(), ada.userId)).length === 2, 90_000);
    const entries = await listUserEntries(await getDb(), ada.userId);
    expect(entries.every((entry) => entry.relPath.startsWith(`${ada.userId}/Batch/`))).toBe(true);
  }, 120_000);

  it('saves a download split by its chapters as the ZIP it is, a batch item\'s too', async () => {
    await callRoute(patchLibrary, '/api/library/settings', { ...as(ada), method: 'PATCH', body: { template: 'Split/%(title)s [%(ext)s]' } });
    const talk = `${site.origin}${chapterMediaUrlPath(20, 'talk.mp4')}?lib=split`;
    const started = await callRoute(startDownload, '/api/media/download', { ...as(ada), body: { url: talk, quality: '360p', format: 'mp4', split: true, saveToLibrary: true } });
    expect(started.status).toBe(200);
    const batch = await callRoute(startBulk, '/api/bulk', { ...as(ada), body: { urls: [`${site.origin}${chapterMediaUrlPath(20, 'talk.m4a')}?lib=split`], format: 'mp3', split: true, saveToLibrary: true } });
    expect(batch.status).toBe(200);
    await until(async () => (await listUserEntries(await getDb(), ada.userId)).length === 2, 90_000);
    const entries = await listUserEntries(await getDb(), ada.userId);
    // Both are named "talk": the second is numbered.
    expect(entries.map((entry) => entry.relPath).sort()).toEqual([`${ada.userId}/Split/talk [zip] (2).zip`, `${ada.userId}/Split/talk [zip].zip`]);
    for (const entry of entries) {
      expect(entry.mime).toBe('application/zip');
      // The archive's own bytes: a local file header first.
      expect((await readFile(entry.path)).subarray(0, 4).toString('hex')).toBe('504b0304');
    }
  }, 120_000);

  it('a preset carries its own template and asks for the library', async () => {
    const made = await callRoute(createPreset, '/api/presets', { ...as(ada), body: { name: 'Archive', quality: '720p', format: 'mp4', saveToLibrary: true, libraryTemplate: 'Archive/%(id)s' } });
    expect(made.status).toBe(201);
    expect(made.json.data).toMatchObject({ saveToLibrary: true, libraryTemplate: 'Archive/%(id)s' });
    const badPreset = await callRoute(createPreset, '/api/presets', { ...as(ada), body: { name: 'Bad', libraryTemplate: '%(title' } });
    expect(badPreset.status).toBe(400);
    const started = await callRoute(startDownload, '/api/media/download', { ...as(ada), body: { url: `${site.origin}/video.mp4?preset=1`, preset: 'Archive' } });
    expect(started.status).toBe(200);
    await until(async () => (await listUserEntries(await getDb(), ada.userId)).length === 1, 60_000);
    const [entry] = await listUserEntries(await getDb(), ada.userId);
    expect(entry.relPath).toBe(`${ada.userId}/Archive/${entry.mediaId}.mp4`);
  }, 90_000);

  it('a followed creator\'s new upload lands in a media-server folder with its NFO files, poster and thumbnail', async () => {
    const channel = channelId((channels += 1));
    const res = await callRoute(follow, '/api/follows', {
      ...as(ada), body: { url: `https://www.youtube.com/channel/${channel}`, mode: 'auto', library: { template: '%(upload_date>%Y-%m-%d)s %(title)s', layout: 'media-server', keep: { kind: 'last', count: 5 } } },
    });
    expect(res.status).toBe(200);
    const created = res.json.data;
    expect(created.library).toEqual({ template: '%(upload_date>%Y-%m-%d)s %(title)s', layout: 'media-server', keep: { kind: 'last', count: 5 } });
    const db = await getDb();
    await until(async () => Number((await db.get<{ primed: number }>('SELECT primed FROM follows WHERE id = ?', [created.id]))?.primed) === 1);
    await db.run('UPDATE follows SET last_check_at = last_check_at - 60000 WHERE id = ?', [created.id]);
    const badPatch = await callRoute(changeFollow, `/api/follows/${created.id}`, { ...as(ada), method: 'PATCH', params: { followId: created.id }, body: { library: { keep: { kind: 'last', count: 0 } } } });
    expect(badPatch.status).toBe(400);

    const { mediaId } = await fetch(`${site.origin}/creators/${channel}/upload?title=${encodeURIComponent('Big news: <part 1>')}`, { method: 'POST' }).then((r) => r.json());
    await callRoute(checkNow, `/api/follows/${created.id}/check`, { ...as(ada), method: 'POST', params: { followId: created.id } });
    await until(async () => (await listFollowEntries(db, created.id)).length === 1, 60_000);
    const [entry] = await listFollowEntries(db, created.id);
    const show = path.join(library, ada.userId, `Creator ${channel.slice(-4)}`);
    expect(entry).toMatchObject({ mediaId, followId: created.id, mime: 'video/mp4', season: 2026, episode: 1, title: 'Big news: <part 1>' });
    expect(entry.path).toBe(path.join(show, 'Season 2026', '2026-01-01 Big news_ _part 1_.mp4'));
    expect((await readdir(show)).sort()).toEqual(['Season 2026', 'poster.jpg', 'tvshow.nfo']);
    expect((await readdir(path.join(show, 'Season 2026'))).sort()).toEqual([
      '2026-01-01 Big news_ _part 1_-thumb.jpg', '2026-01-01 Big news_ _part 1_.mp4', '2026-01-01 Big news_ _part 1_.nfo',
    ]);
    const poster = await readFile(path.join(show, 'poster.jpg'));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const tvshow = await readFile(path.join(show, 'tvshow.nfo'), 'utf8');
    expect(XMLValidator.validate(tvshow)).toBe(true);
    expect(parser.parse(tvshow).tvshow).toMatchObject({ title: `Creator ${channel.slice(-4)}`, studio: 'YouTube', uniqueid: { '#text': channel, '@type': 'youtube' } });
    const nfo = await readFile(path.join(show, 'Season 2026', '2026-01-01 Big news_ _part 1_.nfo'), 'utf8');
    expect(XMLValidator.validate(nfo)).toBe(true);
    expect(parser.parse(nfo).episodedetails).toMatchObject({
      title: 'Big news: <part 1>', aired: '2026-01-01', season: '2026', episode: '1', studio: 'YouTube',
      uniqueid: { '#text': mediaId, '@type': 'youtube', '@default': 'true' },
    });
  }, 120_000);
});
