import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GET as overview } from '@/app/api/dashboard/overview/route';
import { DELETE as deleteOne } from '@/app/api/history/[id]/route';
import { POST as redownload } from '@/app/api/history/[id]/redownload/route';
import { GET as exportData } from '@/app/api/history/export/route';
import { DELETE as clearAll, GET as list } from '@/app/api/history/route';
import { PATCH as patchSettings } from '@/app/api/settings/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { purgeAllHistory } from '@/lib/history/retention';
import { thumbnailPath } from '@/lib/thumbnails/signed-url';
import { seedHistory, signUp } from './history.testkit';

describe.each(appStores())('history API on $name', ({ open }) => {
  let close: () => Promise<void>;
  let ada: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  beforeEach(async () => {
    close = await open();
    ada = await signUp('ada@example.com');
    bob = await signUp('bob@example.com');
  });
  afterEach(async () => close());

  const get = (query: string, who = ada) => callRoute(list, `/api/history${query}`, { headers: { cookie: who.cookie } });

  it('pages 12 at a time, newest first, with total and totalPages', async () => {
    for (let i = 0; i < 15; i++) await seedHistory(ada.userId, { title: `Video ${i}`, ageDays: 15 - i });
    await seedHistory(bob.userId, { title: 'Not Ada’s' });
    const first = await get('');
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ total: 15, page: 1, totalPages: 2 });
    expect(first.json.data.downloads).toHaveLength(12);
    expect(first.json.data.downloads[0]).toEqual({
      _id: expect.stringMatching(/^his_/),
      // The stored picture's address, handed to the browser as our thumbnail route's signed path.
      mediaInfo: { thumbnail: thumbnailPath('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg'), title: 'Video 14', platform: 'youtube' },
      downloadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      quality: '720p',
      format: 'mp4',
      status: 'completed',
      fileSize: 1_048_576,
    });
    const second = await get('?page=2&limit=12');
    expect(second.json.data.downloads.map((d: { mediaInfo: { title: string } }) => d.mediaInfo.title)).toEqual(['Video 2', 'Video 1', 'Video 0']);
    expect((await get('?page=abc&limit=-4')).json.data).toMatchObject({ page: 1, totalPages: 2 });
  });

  it('searches titles in any case, literally, and filters by platform', async () => {
    await seedHistory(ada.userId, { title: 'Cooking PASTA at home' });
    await seedHistory(ada.userId, { title: '100% pasta', platform: 'tiktok', mediaRef: 'tiktok:7300000000000000000' });
    await seedHistory(ada.userId, { title: 'Guitar lesson', platform: 'tiktok' });
    const titles = async (q: string) => (await get(q)).json.data.downloads.map((d: { mediaInfo: { title: string } }) => d.mediaInfo.title).sort();
    expect(await titles('?search=pasta')).toEqual(['100% pasta', 'Cooking PASTA at home']);
    expect(await titles('?search=0%25')).toEqual(['100% pasta']);
    expect(await titles('?search=_')).toEqual([]);
    expect(await titles('?platform=tiktok')).toEqual(['100% pasta', 'Guitar lesson']);
    expect(await titles('?platform=tiktok&search=PASTA')).toEqual(['100% pasta']);
    expect(await titles('?platform=all')).toHaveLength(3);
  });

  it('deletes only the owner’s entries: someone else’s id is 404', async () => {
    const mine = await seedHistory(ada.userId);
    const theirs = await seedHistory(bob.userId);
    const del = (id: string) => callRoute(deleteOne, `/api/history/${id}`, { method: 'DELETE', headers: { cookie: ada.cookie }, params: { id } });
    expect((await del(theirs)).status).toBe(404);
    expect((await del('no-such-id')).json).toMatchObject({ success: false, code: 'not_found' });
    expect((await del(mine)).json).toEqual({ success: true, data: { deleted: mine } });
    expect((await get('')).json.data.total).toBe(0);
    expect((await get('', bob)).json.data.total).toBe(1);
  });

  it('clears all of the user’s history and nobody else’s', async () => {
    await seedHistory(ada.userId);
    await seedHistory(ada.userId);
    await seedHistory(bob.userId);
    const res = await callRoute(clearAll, '/api/history', { method: 'DELETE', headers: { cookie: ada.cookie } });
    expect(res.json.data).toEqual({ deleted: 2 });
    expect((await get('', bob)).json.data.total).toBe(1);
  });

  it('purges what the retention no longer covers: on read, on change, and for everyone periodically', async () => {
    await seedHistory(ada.userId, { title: 'fresh', ageDays: 1 });
    await seedHistory(ada.userId, { title: 'ten days', ageDays: 10 });
    await seedHistory(ada.userId, { title: 'forty days', ageDays: 40 });
    expect((await get('')).json.data.total).toBe(2);
    const patch = (body: unknown) => callRoute(patchSettings, '/api/settings', { method: 'PATCH', body, headers: { cookie: ada.cookie } });
    await patch({ historyRetention: 7 });
    expect((await get('')).json.data.downloads.map((d: { mediaInfo: { title: string } }) => d.mediaInfo.title)).toEqual(['fresh']);
    await patch({ historyRetention: -1 });
    await seedHistory(ada.userId, { title: 'ancient', ageDays: 4000 });
    expect((await get('')).json.data.total).toBe(2);

    await seedHistory(bob.userId, { ageDays: 31 });
    await seedHistory(bob.userId, { ageDays: 29 });
    expect(await purgeAllHistory(await getDb())).toBe(1);
    const rows = await (await getDb()).query<{ user_id: string }>('SELECT user_id FROM history');
    expect(rows.filter((r) => r.user_id === bob.userId)).toHaveLength(1);
    expect(rows.filter((r) => r.user_id === ada.userId)).toHaveLength(2);
  });

  it('exports history and settings as a JSON attachment', async () => {
    await seedHistory(ada.userId, { title: 'Exported' });
    const res = await callRoute(exportData, '/api/history/export', { headers: { cookie: ada.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="grabline-export-\d{4}-\d\d-\d\d\.json"$/);
    expect(res.json.account).toEqual({ email: 'ada@example.com' });
    expect(res.json.settings).toMatchObject({ defaultQuality: '1080p', historyRetention: 30 });
    expect(res.json.history).toHaveLength(1);
    expect(res.json.history[0].mediaInfo.title).toBe('Exported');
    // The user's own file keeps the picture's address; only pages get our route's signed path.
    expect(res.json.history[0].mediaInfo.thumbnail).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  });

  it('re-downloads through the platform’s canonical link, and says why it cannot for other sites', async () => {
    const yt = await seedHistory(ada.userId, { mediaRef: 'youtube:dQw4w9WgXcQ' });
    const x = await seedHistory(ada.userId, { platform: 'twitter', mediaRef: 'twitter:1234567890' });
    const site = await seedHistory(ada.userId, { platform: 'generic', mediaRef: null });
    const theirs = await seedHistory(bob.userId);
    const again = (id: string) => callRoute(redownload, `/api/history/${id}/redownload`, { method: 'POST', headers: { cookie: ada.cookie }, params: { id } });
    expect((await again(yt)).json.data).toEqual({ path: '/download?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ' });
    expect((await again(x)).json.data.path).toBe(`/download?url=${encodeURIComponent('https://x.com/i/status/1234567890')}`);
    const refused = await again(site);
    expect(refused.status).toBe(422);
    expect(refused.json.error).toBe('This download cannot be repeated because we do not keep its original link');
    expect((await again(theirs)).status).toBe(404);
  });

  it('sums up the dashboard: this week, the 30-day success rate, API usage, the 5 latest', async () => {
    await seedHistory(ada.userId, { ageDays: 1 });
    await seedHistory(ada.userId, { ageDays: 2, status: 'failed' });
    await seedHistory(ada.userId, { ageDays: 10 });
    await seedHistory(ada.userId, { ageDays: 20 });
    for (let i = 0; i < 3; i++) await seedHistory(ada.userId, { ageDays: 0 });
    const res = await callRoute(overview, '/api/dashboard/overview', { headers: { cookie: ada.cookie } });
    expect(res.json.data).toMatchObject({
      downloadsThisWeek: 5,
      successRate: 85.7,
      apiUsage: { requestsToday: 0, requestsThisMonth: 0, dailyLimit: 100, monthlyLimit: 1000 },
    });
    expect(res.json.data.recent).toHaveLength(5);
    const empty = await callRoute(overview, '/api/dashboard/overview', { headers: { cookie: bob.cookie } });
    expect(empty.json.data).toMatchObject({ downloadsThisWeek: 0, successRate: null, recent: [] });
  });

  it('needs a signed-in user', async () => {
    expect((await callRoute(list, '/api/history')).status).toBe(401);
    expect((await callRoute(clearAll, '/api/history', { method: 'DELETE' })).status).toBe(401);
  });
});
