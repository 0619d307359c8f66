import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as checkNow } from '@/app/api/follows/[followId]/check/route';
import { PATCH as feedPatch, POST as feedPost } from '@/app/api/follows/[followId]/feed/route';
import { POST as follow } from '@/app/api/follows/route';
import { GET as listUploads } from '@/app/api/follows/uploads/route';
import { GET as progress } from '@/app/api/media/progress/[id]/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { closeDb, getDb } from '@/lib/db';
import { channelId } from '@/lib/follows/follows.testkit';
import { clearAnalyses } from '@/lib/media/analyze';
import { probeMedia } from '@/lib/media/ffmpeg';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { DAY_NAMES } from '@/lib/windows/window-spec';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { until } from './download.testkit';
import { signUp } from './history.testkit';
import { startFeedServer } from './podcast.testkit';

/**
 * A followed creator's new upload, end to end: the follow in auto mode with its podcast feed on (audio), a check
 * that finds the upload and downloads it in the background as MP3, the feed that lists it, and Debian's podget
 * subscribed to the feed, downloading the episode; then the same with the download window closed.
 */
let site: FixtureSite;
let server: Awaited<ReturnType<typeof startFeedServer>>;
let root: string;
const saved = { ...process.env };
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'grabline-podcast-follow-'));
  site = await startFixtureSite();
  Object.assign(process.env, {
    DATA_DIR: path.join(root, 'data'), TEMP_DIR: path.join(root, 'temp'), MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`, MAX_DOWNLOADS_PER_IP: '100',
    FOLLOW_YOUTUBE_FEED_URL: `${site.origin}/creators/feeds/videos.xml`, FOLLOW_AUTO: 'on', DOWNLOAD_WINDOW: '',
  });
  server = await startFeedServer();
});
afterAll(async () => {
  await server?.close();
  await site?.close();
  await getYtdlpPool().close();
  await closeDb();
  clearAnalyses();
  process.env = saved;
  rmSync(root, { recursive: true, force: true });
});

let channels = 900;

async function followedWithFeed(who: { cookie: string }) {
  const headers = { cookie: who.cookie, origin: 'http://localhost' };
  const channel = channelId((channels += 1));
  const created = (await callRoute(follow, '/api/follows', { headers, body: { url: `https://www.youtube.com/channel/${channel}`, mode: 'auto' } })).json.data;
  await until(async () => Number((await (await getDb()).get<{ primed: number }>('SELECT primed FROM follows WHERE id = ?', [created.id]))?.primed) === 1);
  await (await getDb()).run('UPDATE follows SET last_check_at = last_check_at - 60000 WHERE id = ?', [created.id]);
  const params = { followId: created.id };
  await callRoute(feedPatch, `/api/follows/${created.id}/feed`, { method: 'PATCH', headers, params, body: { media: 'audio' } });
  // The feed's address as a podcast app reaches it: this test's server, not the route's own origin.
  const url = (await callRoute(feedPost, `/api/follows/${created.id}/feed`, { method: 'POST', headers, params })).json.data.url as string;
  const feedUrl = `${server.origin}${new URL(url).pathname}`;
  const upload = async (title: string) => (await fetch(`${site.origin}/creators/${channel}/upload?title=${encodeURIComponent(title)}`, { method: 'POST' })).json() as Promise<{ mediaId: string }>;
  const check = () => callRoute(checkNow, `/api/follows/${created.id}/check`, { method: 'POST', headers, params });
  return { followId: created.id as string, feedUrl, upload, check, headers };
}

describe("a followed creator's upload in the podcast feed", () => {
  it('is downloaded in the background as MP3, listed in the feed, and fetched by podget', async () => {
    const ada = await signUp(`podcast-ada-${Date.now()}@example.com`);
    const { feedUrl, upload, check, headers } = await followedWithFeed(ada);
    const { mediaId } = await upload('Episode 1: pilot & <intro>');
    expect((await check()).json.data).toEqual({ queued: true });
    const uploads = async () => (await callRoute(listUploads, '/api/follows/uploads', { headers })).json.data.uploads as { mediaId: string; state: string; reason: string | null }[];
    await until(async () => (await uploads()).some((u) => u.mediaId === mediaId && (u.state === 'downloaded' || u.reason === 'failed')), 90_000);
    expect((await uploads()).find((u) => u.mediaId === mediaId)).toMatchObject({ state: 'downloaded' });

    const xml = await (await fetch(feedUrl)).text();
    const items = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' }).parse(xml).rss.channel.item as { title: string; enclosure: Record<string, string> }[];
    expect(items.map((item) => [item.title, item.enclosure['@type']])).toEqual([['Episode 1: pilot & <intro>', 'audio/mpeg']]);

    const dir = path.join(root, 'podget');
    const [conf, library, session] = ['conf', 'library', 'session'].map((name) => path.join(dir, name));
    mkdirSync(conf, { recursive: true });
    await run('podget', ['-d', conf, '--create-config', 'podgetrc']);
    writeFileSync(path.join(conf, 'serverlist'), `${feedUrl} Grabline Follow\n`);
    await run('podget', ['-d', conf, '--dir_session', session, '-l', library, '-n']);
    const files = readdirSync(path.join(library, 'Grabline', 'Follow'));
    expect(files).toEqual([`${mediaId}.mp3`]);
    const probe = await probeMedia(path.join(library, 'Grabline', 'Follow', files[0]));
    expect(probe.streams.map((s) => s.codecType)).toContain('audio');
    // The fixture's upload is a 6-second video: its audio, whole.
    expect(probe.duration).toBeGreaterThan(5.5);
    expect(probe.duration).toBeLessThan(7);
  }, 150_000);

  it('waits, scheduled for the download window, when the window is closed', async () => {
    const bo = await signUp(`podcast-bo-${Date.now()}@example.com`);
    const { upload, check, headers } = await followedWithFeed(bo);
    const day = DAY_NAMES[(new Date().getUTCDay() + 3) % 7];
    process.env.DOWNLOAD_WINDOW = `${day} 02:00-03:00`;
    try {
      const { mediaId } = await upload('Episode 2: later');
      await check();
      const uploads = async () => (await callRoute(listUploads, '/api/follows/uploads', { headers })).json.data.uploads as { mediaId: string; state: string; downloadId: string | null }[];
      await until(async () => Boolean((await uploads()).find((u) => u.mediaId === mediaId)?.downloadId), 30_000);
      const listed = (await uploads()).find((u) => u.mediaId === mediaId)!;
      expect(listed.state).toBe('downloading');
      const state = (await callRoute(progress, `/api/media/progress/${listed.downloadId}`, { headers, params: { id: listed.downloadId } })).json.data;
      expect(state).toMatchObject({ status: 'queued', message: 'Scheduled' });
      const when = new Date(state.scheduledFor as string);
      expect([when.getUTCDay(), when.getUTCHours(), when.getUTCMinutes()]).toEqual([DAY_NAMES.indexOf(day), 2, 0]);
    } finally {
      process.env.DOWNLOAD_WINDOW = '';
    }
  }, 60_000);
});

function run(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: 90_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${bin} failed: ${stderr || stdout || error.message}`));
      else resolve(stdout);
    });
  });
}
