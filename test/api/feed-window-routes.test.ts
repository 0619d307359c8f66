import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DELETE as bulkDelete, GET as bulkGet } from '@/app/api/bulk/[batchId]/route';
import { POST as bulkPost } from '@/app/api/bulk/route';
import { DAY_NAMES } from '@/lib/windows/window-spec';
import { NextRequest } from 'next/server';
import { DELETE as feedDelete, GET as feedGet, PATCH as feedPatch, POST as feedPost } from '@/app/api/follows/[followId]/feed/route';
import { GET as windowGet, PUT as windowPut } from '@/app/api/settings/window/route';
import { GET as podcastGet } from '@/app/api/podcast/[followId]/[token]/feed.xml/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { followChannel } from '@/lib/follows/follows.testkit';
import { startDownloadEnv } from './download.testkit';
import { signUp } from './history.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv();
});
afterAll(async () => env?.close());

describe('the feed and window routes', () => {
  it("manage a follow's feed for its owner only; the feed answers RSS to its token and 404 to anything else", async () => {
    const owner = await signUp(`feed-owner-${Date.now()}@example.com`);
    const other = await signUp(`feed-other-${Date.now()}@example.com`);
    const followId = (await followChannel(await getDb(), owner.userId, 3, Date.now())).id;
    const path = `/api/follows/${followId}/feed`;
    const params = { followId };
    expect((await callRoute(feedGet, path, { params })).status).toBe(401);
    expect((await callRoute(feedGet, path, { params, headers: { cookie: other.cookie } })).json).toMatchObject({ code: 'not_found' });
    expect((await callRoute(feedGet, path, { params, headers: { cookie: owner.cookie } })).json.data).toEqual({ enabled: false, media: 'video', updatedAt: null });
    const bad = await callRoute(feedPatch, path, { method: 'PATCH', params, body: { media: 'podcast' }, headers: { cookie: owner.cookie } });
    expect([bad.status, bad.json.code, bad.json.error]).toEqual([400, 'invalid_request', expect.stringContaining('media must be one of audio, video')]);
    const made = await callRoute(feedPost, path, { method: 'POST', params, headers: { cookie: owner.cookie } });
    expect(made.status).toBe(200);
    const url = new URL(made.json.data.url as string);
    const [, , , , token] = url.pathname.split('/');
    const rss = await podcastGet(new NextRequest(url), { params: Promise.resolve({ followId, token }) });
    expect(rss.status).toBe(200);
    expect(await rss.text()).toContain('<rss version="2.0"');
    const badToken = await podcastGet(new NextRequest(url), { params: Promise.resolve({ followId, token: 'pf_short' }) });
    expect(badToken.status).toBe(404);
    expect((await callRoute(feedDelete, path, { method: 'DELETE', params, headers: { cookie: other.cookie } })).status).toBe(404);
    expect((await callRoute(feedDelete, path, { method: 'DELETE', params, headers: { cookie: owner.cookie } })).json.data.enabled).toBe(false);
    expect((await podcastGet(new NextRequest(url), { params: Promise.resolve({ followId, token }) })).status).toBe(404);
  });

  it('read and set the download window, refusing what is not one with a clear message', async () => {
    const user = await signUp(`window-${Date.now()}@example.com`);
    const headers = { cookie: user.cookie };
    expect((await callRoute(windowGet, '/api/settings/window', { headers })).json.data).toMatchObject({ window: '', timeZone: null, server: { window: null, timeZone: 'UTC' } });
    const bad = await callRoute(windowPut, '/api/settings/window', { method: 'PUT', headers, body: { window: 'Mon-Fri 01:00-30:00', timeZone: 'UTC' } });
    expect([bad.status, bad.json.code]).toEqual([400, 'invalid_request']);
    expect(bad.json.error).toContain('"30:00" is not a time of day');
    const zone = await callRoute(windowPut, '/api/settings/window', { method: 'PUT', headers, body: { window: 'daily 01:00-02:00', timeZone: 'Atlantis/City' } });
    expect([zone.status, zone.json.error]).toEqual([400, expect.stringContaining('Not a time zone')]);
    const set = await callRoute(windowPut, '/api/settings/window', { method: 'PUT', headers, body: { window: 'daily 00:00-24:00', timeZone: 'Asia/Tokyo' } });
    expect(set.json.data).toMatchObject({ window: 'daily 00:00-24:00', timeZone: 'Asia/Tokyo' });
    expect(Math.abs(Date.parse(set.json.data.nextStart) - Date.now())).toBeLessThan(5_000);
  });

  it('a batch marked "later" waits, scheduled, outside the download window; an anonymous one cannot be', async () => {
    const user = await signUp(`later-${Date.now()}@example.com`);
    // A window on the day after tomorrow only: closed now, whatever today is.
    const day = DAY_NAMES[(new Date().getUTCDay() + 2) % 7];
    vi.stubEnv('DOWNLOAD_WINDOW', `${day} 03:00-04:00`);
    try {
      const body = { urls: [`${env.site.origin}/video.mp4?later=1`], quality: '720p', format: 'mp4', later: true };
      const anonymous = await callRoute(bulkPost, '/api/bulk', { body });
      expect([anonymous.status, anonymous.json.code]).toEqual([401, 'sign_in_required']);
      const started = await callRoute(bulkPost, '/api/bulk', { body, headers: { cookie: user.cookie } });
      expect(started.status).toBe(200);
      const batchId = started.json.data.batchId as string;
      const read = await callRoute(bulkGet, `/api/bulk/${batchId}`, { params: { batchId }, headers: { cookie: user.cookie } });
      const when = new Date(read.json.data.scheduledFor as string);
      expect([when.getUTCDay(), when.getUTCHours(), when.getUTCMinutes()]).toEqual([DAY_NAMES.indexOf(day), 3, 0]);
      expect(read.json.data.items).toMatchObject([{ status: 'pending', message: 'Scheduled for the download window' }]);
      await callRoute(bulkDelete, `/api/bulk/${batchId}`, { method: 'DELETE', params: { batchId }, headers: { cookie: user.cookie } });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
