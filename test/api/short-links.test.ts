import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as analyzePost } from '@/app/api/analyze/route';
import { POST as followPost } from '@/app/api/follows/route';
import { GET as seenRoute } from '@/app/api/history/seen/[mediaId]/route';
import { GET as status } from '@/app/api/status/[jobId]/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { clearAnalyses } from '@/lib/media/analyze';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { clearShortLinkCache } from '@/lib/media/short-links/resolve-short-link';
import type { MediaInfo } from '@/lib/media/types';
import { startLoopbackServer, type LoopbackServer } from '@/lib/net/loopback-server.testkit';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { bodyOf, requestDownload, until } from './download.testkit';
import { signUp } from './history.testkit';

/** The shorteners' hosts are answered by a loopback server (`/host/path`); every hop still goes through the guard. */
const shortener = vi.hoisted(() => ({ origin: '' }));
vi.mock('@/lib/net/guarded-fetch', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/net/guarded-fetch')>();
  const SHORT = new Set(['pin.it', 't.co', 'vm.tiktok.com', 'fb.watch', 'on.soundcloud.com']);
  return {
    ...actual,
    guardedFetch: (input: string | URL, options?: Parameters<typeof actual.guardedFetch>[1]) => {
      const url = new URL(input);
      return actual.guardedFetch(SHORT.has(url.hostname) ? `${shortener.origin}/${url.hostname}${url.pathname}` : url, options);
    },
  };
});

const CHANNEL = 'UCshortlinkfollowxxxxxxx';
let site: FixtureSite;
let short: LoopbackServer;
let tempRoot: string;
const saved = { ...process.env };
beforeAll(async () => {
  tempRoot = mkdtempSync(path.join(tmpdir(), 'grabline-short-'));
  site = await startFixtureSite();
  short = await startLoopbackServer((req, res) => {
    if (req.url === '/pin.it/fixVideo1') return res.writeHead(302, { location: `${site.origin}/video.mp4?private=token123&utm_source=pinterest` }).end();
    if (req.url === '/t.co/toPin') return res.writeHead(301, { location: 'https://pin.it/fixVideo1' }).end();
    if (req.url === '/t.co/toChannel') return res.writeHead(301, { location: `https://www.youtube.com/channel/${CHANNEL}?utm_source=x` }).end();
    res.writeHead(404).end();
  });
  shortener.origin = short.origin;
  Object.assign(process.env, {
    TEMP_DIR: tempRoot, MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port},${short.hostPort}`, MAX_DOWNLOADS_PER_IP: '100',
    // A follow's first check reads the fixture site's feed, never YouTube's.
    FOLLOW_YOUTUBE_FEED_URL: `${site.origin}/creators/feeds/videos.xml`,
  });
});
afterAll(async () => {
  await site?.close();
  await short?.close();
  process.env = saved;
  rmSync(tempRoot, { recursive: true, force: true });
});

/** POST /api/analyze, followed at /api/status until the media (or the failure's code) is known. */
async function analyse(url: string, cookie?: string): Promise<{ media?: MediaInfo; code?: string; httpStatus: number }> {
  const headers: Record<string, string> = { origin: 'http://localhost', ...(cookie ? { cookie } : {}) };
  const started = await callRoute(analyzePost, '/api/analyze', { body: { url, engine: 'native' }, headers });
  if (started.status !== 200) return { code: started.json.error?.code ?? started.json.code, httpStatus: started.status };
  const { jobId } = started.json.data;
  let media: MediaInfo | undefined = started.json.data.metadata;
  let code: string | undefined;
  await until(async () => {
    if (media) return true;
    const snapshot = (await callRoute(status, `/api/status/${jobId}`, { params: { jobId } })).json.data;
    if (snapshot.status === 'error' || snapshot.status === 'failed') code = snapshot.code ?? 'failed';
    media = snapshot.metadata;
    return Boolean(media || code);
  });
  return { media, code, httpStatus: started.status };
}

const seen = (mediaId: string, cookie: string) =>
  callRoute(seenRoute, `/api/history/seen/${mediaId}`, { params: { mediaId }, headers: { cookie } });

describe.each(appStores().slice(0, 1))('short links are the media they point to on $name', ({ open }) => {
  let close: () => Promise<void>;
  let ada: { cookie: string; userId: string };
  beforeEach(async () => {
    close = await open();
    clearAnalyses();
    clearShortLinkCache();
    ada = await signUp('ada@example.com');
  });
  afterEach(async () => close());

  it('a short link to a file already downloaded says so: same media id, same analysis, "already downloaded"', async () => {
    const { media: direct } = await analyse(`${site.origin}/video.mp4?private=token123`, ada.cookie);
    const format = direct!.formats[0];
    await bodyOf(await requestDownload(direct!.id, format.itag, { ext: format.ext, headers: { cookie: ada.cookie } }));

    // Through a chain of two shorteners, after the analysis cache is gone.
    clearAnalyses();
    const { media: viaShort } = await analyse('https://t.co/toPin', ada.cookie);
    expect(viaShort!.id).toBe(direct!.id);
    expect(viaShort!.url).toBe(direct!.url);
    expect((await seen(viaShort!.id, ada.cookie)).json.data.seen).toMatchObject({ format: format.ext });
    // Only headers were asked for, one request a hop.
    expect(short.requests.map((req) => `${req.method} ${req.url}`)).toEqual(['HEAD /t.co/toPin', 'HEAD /pin.it/fixVideo1']);
  });

  it('a short link to a channel follows the channel it leads to: the same follow as its own link', async () => {
    const follow = (url: string) => callRoute(followPost, '/api/follows', { body: { url }, headers: { cookie: ada.cookie, origin: 'http://localhost' } });
    const viaShort = await follow('https://t.co/toChannel');
    expect(viaShort.status).toBe(200);
    expect(viaShort.json.data).toMatchObject({ platform: 'youtube', channelUrl: `https://www.youtube.com/channel/${CHANNEL}` });
    const direct = await follow(`https://www.youtube.com/channel/${CHANNEL}`);
    expect(direct.json.data.id).toBe(viaShort.json.data.id);
    // Its first check (queued at once) ends before this store closes.
    await until(async () => {
      const row = await (await getDb()).get<{ primed: number; last_check_error: string | null }>('SELECT primed, last_check_error FROM follows WHERE id = ?', [direct.json.data.id]);
      return Number(row?.primed) === 1 || Boolean(row?.last_check_error);
    });
  });

  it('the analysis cache answers a short link and its target as one media', async () => {
    const viaShort = await analyzeMedia('https://pin.it/fixVideo1', { engine: 'native' });
    const direct = await analyzeMedia(`${site.origin}/video.mp4?private=token123`, { engine: 'native' });
    expect(direct).toBe(viaShort);
  });

  it('a short link that leads nowhere is a clear 422 short_link_unresolved, never a 500', async () => {
    const failed = await analyse('https://vm.tiktok.com/ZMdeadLink/', ada.cookie);
    expect(failed.media).toBeUndefined();
    expect(failed.code).toBe('short_link_unresolved');
    await expect(analyzeMedia('https://fb.watch/deadLink1/', { engine: 'native' })).rejects.toMatchObject({ code: 'short_link_unresolved', status: 422 });
  });
});
