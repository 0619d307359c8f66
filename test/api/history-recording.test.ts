import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as readBatch } from '@/app/api/bulk/[batchId]/route';
import { GET as batchZip } from '@/app/api/bulk/[batchId]/zip/route';
import { POST as startBulk } from '@/app/api/bulk/route';
import { GET as overview } from '@/app/api/dashboard/overview/route';
import { GET as list } from '@/app/api/history/route';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progress } from '@/app/api/media/progress/[id]/route';
import { POST as markRead } from '@/app/api/notifications/read/route';
import { GET as notifications } from '@/app/api/notifications/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import type { BulkBatch } from '@/lib/bulk/schemas';
import { getDb } from '@/lib/db';
import { clearAnalyses } from '@/lib/media/analyze';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { thumbnailPath } from '@/lib/thumbnails/signed-url';
import { chapterMediaUrlPath } from '@/test/fixtures/chapter-media';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { bodyOf, requestDownload, until } from './download.testkit';
import { DAY, signUp } from './history.testkit';

let site: FixtureSite;
let tempRoot: string;
const saved = { ...process.env };
beforeAll(async () => {
  tempRoot = mkdtempSync(path.join(tmpdir(), 'grabline-history-rec-'));
  site = await startFixtureSite();
  Object.assign(process.env, { TEMP_DIR: tempRoot, MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`, MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(async () => {
  await site?.close();
  process.env = saved;
  rmSync(tempRoot, { recursive: true, force: true });
});

describe.each(appStores())('recording downloads on $name', ({ open }) => {
  let close: () => Promise<void>;
  let ada: { cookie: string; userId: string };
  beforeEach(async () => {
    close = await open();
    clearAnalyses();
    ada = await signUp('ada@example.com');
  });
  afterEach(async () => close());

  const historyRows = async () => (await getDb()).query<Record<string, unknown>>('SELECT * FROM history');
  const bell = async () => (await callRoute(notifications, '/api/notifications', { headers: { cookie: ada.cookie } })).json.data;

  it('records a signed-in direct download once — with no link anywhere in the row', async () => {
    const url = `${site.origin}/video.mp4?private=token123`;
    const media = await analyzeMedia(url, { engine: 'native' });
    const format = media.info.formats[0];
    const res = await requestDownload(media.info.id, format.itag, { ext: format.ext, headers: { cookie: ada.cookie } });
    expect(res.status).toBe(200);
    const size = (await bodyOf(res)).length;
    await bodyOf(await requestDownload(media.info.id, format.itag, { ext: format.ext, headers: { cookie: ada.cookie } }));
    const rows = await historyRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: ada.userId, platform: 'generic', media_ref: null, status: 'completed', format: format.ext });
    expect(Number(rows[0].file_size)).toBe(size);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('token123');
    const listed = (await callRoute(list, '/api/history', { headers: { cookie: ada.cookie } })).json.data;
    expect(listed.downloads[0]).toMatchObject({ quality: format.quality, format: format.ext, status: 'completed' });
  });

  it('stores the picture\'s own address and lists it as our thumbnail route\'s signed path', async () => {
    const media = await analyzeMedia(`${site.origin}/pages/og-video.html`, { engine: 'native' });
    // The engine names the picture plainly; only what a client receives is our route's signed path.
    expect(media.info.thumbnail).toBe(`${site.origin}/image.jpg`);
    const format = media.info.formats[0];
    await bodyOf(await requestDownload(media.info.id, format.itag, { ext: format.ext, headers: { cookie: ada.cookie } }));
    const rows = await historyRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].thumbnail).toBe(`${site.origin}/image.jpg`);
    const listed = (await callRoute(list, '/api/history', { headers: { cookie: ada.cookie } })).json.data;
    expect(listed.downloads[0].mediaInfo.thumbnail).toBe(thumbnailPath(`${site.origin}/image.jpg`));
  });

  it('records nothing for an anonymous download', async () => {
    const media = await analyzeMedia(`${site.origin}/video.webm`, { engine: 'native' });
    await bodyOf(await requestDownload(media.info.id, media.info.formats[0].itag));
    expect(await historyRows()).toHaveLength(0);
  });

  it('records a finished download job and rings the bell, which marks read on open', async () => {
    const started = await callRoute(startDownload, '/api/media/download', {
      body: { url: `${site.origin}/audio.mp3`, quality: '320k', format: 'mp3' }, headers: { cookie: ada.cookie },
    });
    const id = started.json.data.downloadId;
    await until(async () => {
      const res = await callRoute(progress, `/api/media/progress/${id}`, { headers: { cookie: ada.cookie }, params: { id } });
      return res.json.data.status === 'ready' || res.json.data.status === 'failed';
    }, 30_000);
    await until(async () => (await bell()).unread === 1);
    const rows = await historyRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ format: 'mp3', status: 'completed', media_ref: null });
    const { notifications: items } = await bell();
    expect(items[0]).toMatchObject({ kind: 'download_ready', title: 'Download ready', read: false });
    expect((await callRoute(markRead, '/api/notifications/read', { method: 'POST', headers: { cookie: ada.cookie } })).json.data).toEqual({ marked: 1 });
    expect(await bell()).toMatchObject({ unread: 0, notifications: [expect.objectContaining({ read: true })] });
  });

  it('notifies once when a signed-in user’s bulk batch ends', async () => {
    const res = await callRoute(startBulk, '/api/bulk', {
      body: { urls: [`${site.origin}/video.mp4?b=1`, `${site.origin}/missing.mp4`], quality: '360p', format: 'mp4' },
      headers: { cookie: ada.cookie },
    });
    expect(res.status).toBe(200);
    await until(async () => (await bell()).unread > 0, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    const { notifications: items, unread } = await bell();
    expect(unread).toBe(1);
    expect(items[0]).toMatchObject({ kind: 'bulk_complete', title: 'Bulk download complete', body: '1/2' });
  });

  const runBatch = async (urls: string[], extra: Record<string, unknown> = {}): Promise<BulkBatch> => {
    const started = await callRoute(startBulk, '/api/bulk', { body: { urls, quality: '720p', format: 'mp4', ...extra }, headers: { cookie: ada.cookie } });
    expect(started.status).toBe(200);
    const { batchId, statusUrl } = started.json.data as { batchId: string; statusUrl: string };
    let batch: BulkBatch | undefined;
    await until(async () => {
      batch = (await callRoute(readBatch, statusUrl, { params: { batchId }, headers: { cookie: ada.cookie } })).json.data;
      return batch!.done;
    }, 60_000);
    return batch!;
  };
  const historyList = async () => (await callRoute(list, '/api/history', { headers: { cookie: ada.cookie } })).json.data;

  it('records a signed-in batch’s items once — a link that never analysed as failed — not again for their links or the ZIP', async () => {
    const urls = [`${site.origin}/video.mp4?private=token123`, `${site.origin}/pages/no-media.html`, `${site.origin}/hls/master.m3u8`];
    const batch = await runBatch(urls);
    expect(batch.items.map((item) => item.status)).toEqual(['completed', 'failed', 'completed']);

    const listed = await historyList();
    expect(listed.total).toBe(3);
    const completed = listed.downloads.filter((d: { status: string }) => d.status === 'completed');
    expect(completed.map((d: { mediaInfo: { title: string } }) => d.mediaInfo.title).sort()).toEqual(
      [batch.items[0].title, batch.items[2].title].sort(),
    );
    for (const entry of completed) {
      expect(entry).toMatchObject({ format: 'mp4', mediaInfo: { platform: 'generic' } });
      expect(entry.fileSize).toBeGreaterThan(0);
    }
    const failed = listed.downloads.filter((d: { status: string }) => d.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ quality: '720p', format: 'mp4', fileSize: null, mediaInfo: { platform: 'generic', title: '' } });
    // The overview counts it: two of three, not 100 %.
    expect((await callRoute(overview, '/api/dashboard/overview', { headers: { cookie: ada.cookie } })).json.data.successRate).toBeCloseTo(66.7, 1);
    // No link: a stream without a title of its own is named by its host and path in words, never by its URL.
    const stored = JSON.stringify(await historyRows());
    expect(stored).not.toMatch(/https?:|\/hls\/|127\.0\.0\.1:\d/);
    expect(stored).not.toContain('token123');

    // Long after: past the window in which one download seen twice is one entry.
    await (await getDb()).run('UPDATE history SET downloaded_at = downloaded_at - ?', [DAY]);
    for (const item of [batch.items[0], batch.items[2]]) {
      const link = new URL(item.downloadUrl!, 'http://localhost');
      const res = await requestDownload(link.pathname.split('/').pop()!, link.searchParams.get('itag')!, {
        ext: link.searchParams.get('ext')!, headers: { cookie: ada.cookie },
      });
      expect(res.status).toBe(200);
      await bodyOf(res);
    }
    const zip = await batchZip(new NextRequest(`http://localhost/api/bulk/${batch.batchId}/zip`, { headers: { cookie: ada.cookie } }), {
      params: Promise.resolve({ batchId: batch.batchId }),
    });
    expect(zip.status).toBe(200);
    await bodyOf(zip);
    expect(await historyRows()).toHaveLength(3);
  }, 90_000);

  it('records an item whose file could not be made as failed, as a download job would', async () => {
    const url = `${site.origin}/video.webm?bulk=broken`;
    await analyzeMedia(url);
    site.setSwitches({ status: 404 });
    try {
      const batch = await runBatch([url]);
      expect(batch.items[0].status).toBe('failed');
    } finally {
      site.resetSwitches();
    }
    const listed = await historyList();
    expect(listed.downloads).toHaveLength(1);
    expect(listed.downloads[0]).toMatchObject({ status: 'failed', fileSize: null });
  }, 90_000);

  it('records a file split by its chapters as the ZIP it is, for a download job and a batch item alike', async () => {
    const talk = `${site.origin}${chapterMediaUrlPath(20, 'talk.mp4')}`;
    const started = await callRoute(startDownload, '/api/media/download', {
      body: { url: `${talk}?history=job`, quality: '360p', format: 'mp4', split: true }, headers: { cookie: ada.cookie },
    });
    expect(started.status).toBe(200);
    const id = started.json.data.downloadId;
    let status = '';
    await until(async () => {
      status = (await callRoute(progress, `/api/media/progress/${id}`, { headers: { cookie: ada.cookie }, params: { id } })).json.data.status;
      return status === 'ready' || status === 'failed';
    }, 60_000);
    expect(status).toBe('ready');
    // Its sound as a batch's MP3 (the same talk at the same quality and format would be the same entry).
    const [item] = (await runBatch([`${site.origin}${chapterMediaUrlPath(20, 'talk.m4a')}?history=bulk`], { format: 'mp3', split: true })).items;
    expect(item.status, item.message).toBe('completed');
    const rows = await historyRows();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ format: 'zip', status: 'completed' });
    // A batch item without chapters comes whole, and says so.
    const [plain] = (await runBatch([`${site.origin}${chapterMediaUrlPath(20, 'plain.mp4')}?history=bulk`], { split: true })).items;
    expect(plain.status, plain.message).toBe('completed');
    expect((await historyRows()).map((row) => row.format).sort()).toEqual(['mp4', 'zip', 'zip']);
  }, 120_000);

  it('keeps the bell to the user: notifications need a session', async () => {
    expect((await callRoute(notifications, '/api/notifications')).status).toBe(401);
    expect((await callRoute(markRead, '/api/notifications/read', { method: 'POST' })).status).toBe(401);
  });
});
