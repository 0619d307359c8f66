import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as checkNow } from '@/app/api/follows/[followId]/check/route';
import { DELETE as unfollow, PATCH as changeFollow } from '@/app/api/follows/[followId]/route';
import { POST as downloadUpload } from '@/app/api/follows/[followId]/uploads/[mediaId]/download/route';
import { DELETE as dismiss } from '@/app/api/follows/[followId]/uploads/[mediaId]/route';
import { GET as listFollows, POST as follow } from '@/app/api/follows/route';
import { GET as listUploads } from '@/app/api/follows/uploads/route';
import { GET as keptFile } from '@/app/api/media/progress/[id]/file/route';
import { GET as progress } from '@/app/api/media/progress/[id]/route';
import { GET as notifications } from '@/app/api/notifications/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { channelId } from '@/lib/follows/follows.testkit';
import { clearAnalyses } from '@/lib/media/analyze';
import { peek } from '@/lib/rate-limit/counters';
import { userAnalyzeQuotas } from '@/lib/rate-limit/quotas';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { bodyOf, probeBody, until } from './download.testkit';
import { signUp } from './history.testkit';

let site: FixtureSite;
let tempRoot: string;
const saved = { ...process.env };
beforeAll(async () => {
  tempRoot = mkdtempSync(path.join(tmpdir(), 'grabline-follows-'));
  site = await startFixtureSite();
  Object.assign(process.env, {
    TEMP_DIR: tempRoot, MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`, MAX_DOWNLOADS_PER_IP: '100',
    FOLLOW_YOUTUBE_FEED_URL: `${site.origin}/creators/feeds/videos.xml`,
  });
});
afterAll(async () => {
  await site?.close();
  process.env = saved;
  rmSync(tempRoot, { recursive: true, force: true });
});

let channels = 500;

describe.each(appStores())('following creators on $name', ({ open }) => {
  let close: () => Promise<void>;
  let ada: { cookie: string; userId: string };
  beforeEach(async () => {
    close = await open();
    clearAnalyses();
    process.env.FOLLOW_AUTO = '';
    ada = await signUp('ada@example.com');
  });
  afterEach(async () => {
    delete process.env.FOLLOWS_PER_USER;
    delete process.env.USER_ANALYZE_HOURLY_LIMIT;
    await close();
  });

  const as = (who: { cookie: string }) => ({ headers: { cookie: who.cookie, origin: 'http://localhost' } });
  const followRow = async (id: string) => (await getDb()).get<{ primed: number }>('SELECT primed FROM follows WHERE id = ?', [id]);
  const uploads = async () => (await callRoute(listUploads, '/api/follows/uploads', as(ada))).json.data.uploads;
  const newUpload = (channel: string, title: string) =>
    fetch(`${site.origin}/creators/${channel}/upload?title=${encodeURIComponent(title)}`, { method: 'POST' }).then((r) => r.json());

  /** Follows a fresh fixture channel and waits for its first check to record what exists. */
  async function followFresh(mode: 'pick' | 'auto' = 'pick') {
    const channel = channelId((channels += 1));
    const res = await callRoute(follow, '/api/follows', { ...as(ada), body: { url: `https://www.youtube.com/channel/${channel}`, mode } });
    expect(res.status).toBe(200);
    const created = res.json.data;
    await until(async () => Number((await followRow(created.id))?.primed) === 1);
    // The next "check now" would be refused this soon after the first one.
    await (await getDb()).run('UPDATE follows SET last_check_at = last_check_at - 60000 WHERE id = ?', [created.id]);
    return { channel, follow: created };
  }

  it('lists an upload that appeared after the follow, rings the bell, and downloads it with the user\'s defaults', async () => {
    const { channel, follow: created } = await followFresh();
    expect(created).toMatchObject({ platform: 'youtube', mode: 'pick', paused: false });
    expect(await uploads()).toEqual([]);
    const { mediaId } = await newUpload(channel, 'Episode 7: the reveal');
    const checked = await callRoute(checkNow, `/api/follows/${created.id}/check`, { ...as(ada), method: 'POST', params: { followId: created.id } });
    expect(checked.json.data).toEqual({ queued: true });
    await until(async () => (await uploads()).length === 1);
    expect((await uploads())[0]).toMatchObject({ followId: created.id, mediaId, title: 'Episode 7: the reveal', state: 'new' });
    const bell = (await callRoute(notifications, '/api/notifications', as(ada))).json.data;
    expect(bell.notifications[0]).toMatchObject({ kind: 'follow_new', body: 'Episode 7: the reveal', read: false });

    const params = { followId: created.id, mediaId };
    const started = await callRoute(downloadUpload, `/api/follows/${created.id}/uploads/${mediaId}/download`, { ...as(ada), method: 'POST', params });
    expect(started.status).toBe(200);
    const { downloadId } = started.json.data;
    const state = async () => (await callRoute(progress, `/api/media/progress/${downloadId}`, { ...as(ada), params: { id: downloadId } })).json.data;
    await until(async () => ['ready', 'failed'].includes((await state()).status), 60_000);
    expect(await state()).toMatchObject({ status: 'ready' });
    await until(async () => (await uploads())[0].state === 'downloaded');

    const dismissed = await callRoute(dismiss, `/api/follows/${created.id}/uploads/${mediaId}`, { ...as(ada), method: 'DELETE', params });
    expect(dismissed.json.data).toEqual({ dismissed: true });
    expect(await uploads()).toEqual([]);
  }, 90_000);

  it('auto mode downloads a new upload in the background and counts its size', async () => {
    process.env.FOLLOW_AUTO = 'on';
    const { channel, follow: created } = await followFresh('auto');
    const { mediaId } = await newUpload(channel, 'Auto episode');
    await callRoute(checkNow, `/api/follows/${created.id}/check`, { ...as(ada), method: 'POST', params: { followId: created.id } });
    await until(async () => (await uploads()).some((u: { state: string; reason: string | null }) => u.state === 'downloaded' || u.reason === 'failed'), 60_000);
    const [listed] = await uploads();
    expect(listed).toMatchObject({ mediaId, state: 'downloaded' });
    const done = (await callRoute(progress, `/api/media/progress/${listed.downloadId}`, { ...as(ada), params: { id: listed.downloadId } })).json.data;
    expect(done).toMatchObject({ status: 'ready' });
    const row = await (await getDb()).get<{ bytes: number }>('SELECT bytes FROM follow_uploads WHERE media_id = ?', [mediaId]);
    expect(Number(row!.bytes)).toBeGreaterThan(10_000);
    // The file the user fetches: the upload itself (the fixture's 6 s H.264/AAC video), as big as what was counted,
    // by a link that names the kept job (it outlives the analysis), here once the analyses are forgotten.
    expect(done.downloadUrl).toBe(`/api/media/progress/${listed.downloadId}/file`);
    clearAnalyses();
    const saved = await keptFile(new NextRequest(`http://localhost${done.downloadUrl}`, { headers: as(ada).headers }), { params: Promise.resolve({ id: listed.downloadId }) });
    expect(saved.status).toBe(200);
    const file = await bodyOf(saved);
    expect(file.length).toBe(Number(row!.bytes));
    const probe = await probeBody(tempRoot, `${mediaId}.mp4`, file);
    expect(probe.formatName).toContain('mp4');
    expect(probe.duration).toBeGreaterThan(5.5);
    expect(probe.streams.map((stream) => stream.codecType).sort()).toEqual(['audio', 'video']);
    console.log(`[follows] auto download: ${file.length} bytes, ${probe.formatName}, ${probe.duration.toFixed(2)} s, ${probe.streams.map((s) => `${s.codecType}:${s.codecName}`).join(' ')}`);
  }, 90_000);

  it('caps the creators an account may follow (FOLLOWS_PER_USER): past it, 409 follow_limit and nothing is made', async () => {
    process.env.FOLLOWS_PER_USER = '2';
    const link = () => `https://www.youtube.com/channel/${channelId((channels += 1))}`;
    const followed = [];
    for (let i = 0; i < 2; i++) followed.push((await callRoute(follow, '/api/follows', { ...as(ada), body: { url: link() } })).json.data);
    const over = await callRoute(follow, '/api/follows', { ...as(ada), body: { url: link() } });
    expect([over.status, over.json.code]).toEqual([409, 'follow_limit']);
    expect(over.json.details).toEqual({ limit: 2 });
    // Following a link already followed is still that follow, not one more.
    const again = await callRoute(follow, '/api/follows', { ...as(ada), body: { url: followed[0].channelUrl } });
    expect([again.status, again.json.data.id]).toEqual([200, followed[0].id]);
    expect((await callRoute(listFollows, '/api/follows', as(ada))).json.data.follows).toHaveLength(2);
    // Someone else's follows are their own; unfollowing one makes room.
    const bob = await signUp('bob@example.com');
    expect((await callRoute(follow, '/api/follows', { ...as(bob), body: { url: link() } })).status).toBe(200);
    const params = { followId: followed[1].id };
    await callRoute(unfollow, `/api/follows/${followed[1].id}`, { ...as(ada), method: 'DELETE', params });
    expect((await callRoute(follow, '/api/follows', { ...as(ada), body: { url: link() } })).status).toBe(200);
    // The first checks these follows queued end before the store is closed.
    await until(async () => Number((await (await getDb()).get<{ n: number }>('SELECT COUNT(*) AS n FROM follows WHERE primed = 0'))?.n) === 0);
  });

  it('charges each check to the owner\'s hourly analysis quota; with none left, following and Check now answer 429', async () => {
    process.env.USER_ANALYZE_HOURLY_LIMIT = '2';
    const used = async () => {
      const { key, quotas } = userAnalyzeQuotas(ada.userId);
      return (await peek(await getDb(), key, quotas)).states[0].used;
    };
    const { follow: created } = await followFresh();
    expect(await used()).toBe(1);
    const params = { followId: created.id };
    const checked = await callRoute(checkNow, `/api/follows/${created.id}/check`, { ...as(ada), method: 'POST', params });
    expect(checked.json.data).toEqual({ queued: true });
    await until(async () => (await used()) === 2);

    const refused = await callRoute(follow, '/api/follows', { ...as(ada), body: { url: `https://www.youtube.com/channel/${channelId((channels += 1))}` } });
    expect([refused.status, refused.json.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await callRoute(listFollows, '/api/follows', as(ada))).json.data.follows).toHaveLength(1);
    await (await getDb()).run('UPDATE follows SET last_check_at = last_check_at - 60000 WHERE id = ?', [created.id]);
    const again = await callRoute(checkNow, `/api/follows/${created.id}/check`, { ...as(ada), method: 'POST', params });
    expect([again.status, again.json.code]).toEqual([429, 'rate_limited']);
    expect(await used()).toBe(2);
  });

  it('refuses what cannot be followed, auto when not offered, and someone else\'s follow', async () => {
    const single = await callRoute(follow, '/api/follows', { ...as(ada), body: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } });
    expect(single.status).toBe(422);
    expect(single.json.code).toBe('follow_not_a_channel');
    const auto = await callRoute(follow, '/api/follows', { ...as(ada), body: { url: `https://www.youtube.com/channel/${channelId(1)}`, mode: 'auto' } });
    expect(auto.json.code).toBe('follow_auto_unavailable');
    const bad = await callRoute(follow, '/api/follows', { ...as(ada), body: { url: 'not a link' } });
    expect(bad.status).toBe(400);
    const inverted = await callRoute(follow, '/api/follows', { ...as(ada), body: { url: `https://www.youtube.com/channel/${channelId(2)}`, filters: { minSeconds: 600, maxSeconds: 60 } } });
    expect(inverted.status).toBe(400);

    const mine = (await callRoute(follow, '/api/follows', { ...as(ada), body: { url: `https://www.youtube.com/channel/${channelId(3)}` } })).json.data;
    const bob = await signUp('bob@example.com');
    const params = { followId: mine.id };
    expect((await callRoute(changeFollow, `/api/follows/${mine.id}`, { ...as(bob), method: 'PATCH', body: { paused: true }, params })).status).toBe(404);
    expect((await callRoute(unfollow, `/api/follows/${mine.id}`, { ...as(bob), method: 'DELETE', params })).status).toBe(404);
    expect((await callRoute(listFollows, '/api/follows', as(bob))).json.data.follows).toEqual([]);

    const paused = await callRoute(changeFollow, `/api/follows/${mine.id}`, { ...as(ada), method: 'PATCH', body: { paused: true, filters: { skipShorts: true } }, params });
    expect(paused.json.data).toMatchObject({ paused: true, filters: { skipShorts: true, titleContains: null } });
    const list = (await callRoute(listFollows, '/api/follows', as(ada))).json.data;
    expect(list).toMatchObject({ autoAvailable: false, follows: [{ id: mine.id, paused: true }] });
    expect((await callRoute(unfollow, `/api/follows/${mine.id}`, { ...as(ada), method: 'DELETE', params })).json.data).toEqual({ deleted: true });
    expect((await callRoute(listFollows, '/api/follows', as(ada))).json.data.follows).toEqual([]);
  });
});
