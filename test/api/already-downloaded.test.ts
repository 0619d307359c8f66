import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as analyzePost } from '@/app/api/analyze/route';
import { DELETE as deleteEntry } from '@/app/api/history/[id]/route';
import { GET as seenRoute } from '@/app/api/history/seen/[mediaId]/route';
import { GET as status } from '@/app/api/status/[jobId]/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { clearAnalyses } from '@/lib/media/analyze';
import type { MediaInfo } from '@/lib/media/types';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { bodyOf, requestDownload, until } from './download.testkit';
import { seedHistory, signUp } from './history.testkit';

let site: FixtureSite;
let tempRoot: string;
const saved = { ...process.env };
beforeAll(async () => {
  tempRoot = mkdtempSync(path.join(tmpdir(), 'grabline-seen-'));
  site = await startFixtureSite();
  Object.assign(process.env, { TEMP_DIR: tempRoot, MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`, MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(async () => {
  await site?.close();
  process.env = saved;
  rmSync(tempRoot, { recursive: true, force: true });
});

/** The media an analysis through POST /api/analyze finds, followed at /api/status until it is ready. */
async function analyse(url: string, cookie?: string): Promise<MediaInfo> {
  const headers: Record<string, string> = { origin: 'http://localhost', ...(cookie ? { cookie } : {}) };
  const started = await callRoute(analyzePost, '/api/analyze', { body: { url, engine: 'native' }, headers });
  expect(started.status).toBe(200);
  const { jobId } = started.json.data;
  let metadata: MediaInfo | undefined = started.json.data.metadata;
  await until(async () => {
    if (metadata) return true;
    const snapshot = (await callRoute(status, `/api/status/${jobId}`, { params: { jobId } })).json.data;
    if (snapshot.status === 'error') throw new Error(snapshot.message);
    metadata = snapshot.metadata;
    return Boolean(metadata);
  });
  return metadata!;
}

const seen = (mediaId: string, cookie?: string) =>
  callRoute(seenRoute, `/api/history/seen/${mediaId}`, { params: { mediaId }, headers: cookie ? { cookie } : {} });

describe.each(appStores())('already downloaded on $name', ({ open }) => {
  let close: () => Promise<void>;
  let ada: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  beforeEach(async () => {
    close = await open();
    clearAnalyses();
    ada = await signUp('ada@example.com');
    bob = await signUp('bob@example.com');
  });
  afterEach(async () => close());

  it("tells the user who downloaded a link when and what they took, on any link to it, and no one else", async () => {
    const first = await analyse(`${site.origin}/video.mp4?private=token123`, ada.cookie);
    expect((await seen(first.id, ada.cookie)).json).toEqual({ success: true, data: { seen: null } });
    const format = first.formats[0];
    const res = await requestDownload(first.id, format.itag, { ext: format.ext, headers: { cookie: ada.cookie } });
    expect(res.status).toBe(200);
    await bodyOf(res);

    // The same file again, through a link that only adds tracking parameters, after the analysis cache is gone.
    clearAnalyses();
    const again = await analyse(`${site.origin}/video.mp4?private=token123&utm_source=newsletter`, ada.cookie);
    const answer = await seen(again.id, ada.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json.data.seen).toMatchObject({ quality: format.quality, format: format.ext });
    expect(Math.abs(Date.parse(answer.json.data.seen.downloadedAt) - Date.now())).toBeLessThan(60_000);

    // Another user analysing the very same link sees nothing; a visitor who is not signed in is refused.
    const theirs = await analyse(`${site.origin}/video.mp4?private=token123`, bob.cookie);
    expect((await seen(theirs.id, bob.cookie)).json.data).toEqual({ seen: null });
    expect((await seen(theirs.id)).status).toBe(401);

    // A different file on the same site is not "this".
    const other = await analyse(`${site.origin}/video.webm`, ada.cookie);
    expect((await seen(other.id, ada.cookie)).json.data).toEqual({ seen: null });
  });

  it('keeps no link in the row, and a key that differs per user for the same media', async () => {
    const url = `${site.origin}/video.mp4?private=token123`;
    const media = await analyse(url, ada.cookie);
    const format = media.formats[0];
    await bodyOf(await requestDownload(media.id, format.itag, { ext: format.ext, headers: { cookie: ada.cookie } }));
    await bodyOf(await requestDownload(media.id, format.itag, { ext: format.ext, headers: { cookie: bob.cookie } }));
    const rows = await (await getDb()).query<Record<string, unknown>>('SELECT * FROM history ORDER BY user_id');
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('token123');
    expect(stored).not.toContain('video.mp4');
    const keys = rows.map((row) => row.media_key);
    expect(keys.every((key) => typeof key === 'string' && /^[A-Za-z0-9_-]{43}$/.test(key))).toBe(true);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('says nothing once the row is deleted from history, and only completed downloads count', async () => {
    const media = await analyse(`${site.origin}/video.mp4`, ada.cookie);
    const format = media.formats[0];
    await bodyOf(await requestDownload(media.id, format.itag, { ext: format.ext, headers: { cookie: ada.cookie } }));
    expect((await seen(media.id, ada.cookie)).json.data.seen).not.toBeNull();
    const db = await getDb();
    const row = await db.get<{ id: string; media_key: string }>('SELECT id, media_key FROM history WHERE user_id = ?', [ada.userId]);
    const deleted = await callRoute(deleteEntry, `/api/history/${row!.id}`, {
      method: 'DELETE', params: { id: row!.id }, headers: { cookie: ada.cookie, origin: 'http://localhost' },
    });
    expect(deleted.status).toBe(200);
    expect((await seen(media.id, ada.cookie)).json.data).toEqual({ seen: null });
    // A failed attempt at the same media, and a row written before keys existed, are not "downloaded".
    await seedHistory(ada.userId, { platform: 'generic', mediaRef: null, mediaKey: row!.media_key, status: 'failed' });
    await seedHistory(ada.userId, { platform: 'generic', mediaRef: null, title: media.title });
    expect((await seen(media.id, ada.cookie)).json.data).toEqual({ seen: null });
  });

  it('answers a malformed or unknown analysis id without a 500', async () => {
    expect((await seen('not an id', ada.cookie)).status).toBe(404);
    expect((await seen('med_doesnotexist', ada.cookie)).json.data).toEqual({ seen: null });
  });
});
