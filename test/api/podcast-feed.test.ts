import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db';
import { followChannel, seedUser } from '@/lib/follows/follows.testkit';
import { probeMedia } from '@/lib/media/ffmpeg';
import { recogniseUrl } from '@/lib/media/platforms';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { saveFileFacts } from '@/lib/podcast/episodes';
import { changeFeed, feedStatus, regenerateFeed, revokeFeed } from '@/lib/podcast/owner-feed';
import { services } from '@/lib/server';
import { ffmpeg } from '@/test/fixtures/run-tool';
import { startDownloadEnv } from './download.testkit';
import { startFeedServer } from './podcast.testkit';

const DAY_MS = 24 * 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let server: Awaited<ReturnType<typeof startFeedServer>>;
let followId: string;
const user = 'usr_feed';

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    const value = await read();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A followed upload downloaded in the background, as a check in auto mode starts it: the upload recorded as
 * downloading, then a kept download job of its link; the job's end settles it (and reads its chapters).
 */
async function downloadUpload(mediaId: string, sourcePath: string, format: 'mp3' | 'mp4', publishedAt: number): Promise<void> {
  const db = await getDb();
  const url = recogniseUrl(`${env.site.origin}${sourcePath}`).canonicalUrl;
  await db.run(
    `INSERT INTO follow_uploads (follow_id, media_id, title, url, published_at, state, seen_at) VALUES (?, ?, ?, ?, ?, 'downloading', ?)`,
    [followId, mediaId, `Episode ${mediaId} & <friends>`, url, publishedAt, Date.now()],
  );
  const id = await services().downloads.start({ url, quality: '720p', format }, { accountId: user }, { until: Date.now() + 30 * DAY_MS });
  await db.run('UPDATE follow_uploads SET download_id = ? WHERE follow_id = ? AND media_id = ?', [id, followId, mediaId]);
  await waitFor(async () => {
    const row = await db.get<{ state: string; chapters: string | null }>('SELECT state, chapters FROM follow_uploads WHERE follow_id = ? AND media_id = ?', [followId, mediaId]);
    if (row?.state === 'skipped') throw new Error(`download of ${mediaId} failed`);
    return row?.state === 'downloaded' && row.chapters !== null ? row : undefined;
  }, `${mediaId} downloaded and read`);
}

/** An RSS item as fast-xml-parser reads it (attributes prefixed with @). */
interface RssItem {
  title: string;
  pubDate: string;
  guid: { '#text': string; '@isPermaLink': string };
  enclosure: Record<'@url' | '@length' | '@type', string>;
  'itunes:duration': string;
  'podcast:chapters'?: Record<'@url' | '@type', string>;
}

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' }).parse(xml);

beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  server = await startFeedServer();
  const db = await getDb();
  await seedUser(db, user);
  followId = (await followChannel(db, user, 7, Date.now(), { mode: 'auto' })).id;
  await downloadUpload('ep1', '/audio.mp3?feed=1', 'mp3', Date.UTC(2026, 9, 1));
  await downloadUpload('ep2', '/video.mp4?feed=2', 'mp3', Date.UTC(2026, 9, 2));
  await downloadUpload('ep3', '/video.mp4?feed=3', 'mp4', Date.UTC(2026, 9, 3));
}, 180_000);
afterAll(async () => {
  await server?.close();
  await getYtdlpPool().close();
  await env?.close();
});

describe("a follow's private podcast feed", () => {
  let feedUrl: string;

  it('is off until its owner makes its address, which is shown once and stored only hashed', async () => {
    const db = await getDb();
    expect(await feedStatus(db, user, followId)).toEqual({ enabled: false, media: 'video', updatedAt: null });
    await changeFeed(db, user, followId, { media: 'audio' }, Date.now());
    const created = await regenerateFeed(db, user, followId, server.origin, Date.now());
    feedUrl = created.url;
    expect(created).toMatchObject({ enabled: true, media: 'audio' });
    expect(feedUrl).toMatch(new RegExp(`^${server.origin}/api/podcast/${followId}/pf_[\\w-]{43}/feed\\.xml$`));
    const stored = await db.get<{ token_hash: string }>('SELECT token_hash FROM podcast_feeds WHERE follow_id = ?', [followId]);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await db.query('SELECT * FROM podcast_feeds'))).not.toContain(feedUrl.split('/')[6]);
    await expect(feedStatus(db, 'usr_other', followId)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lists the audio episodes, newest first, as valid RSS with iTunes and Podcasting 2.0 tags', async () => {
    const res = await fetch(feedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const channel = parse(xml).rss.channel;
    expect(channel.title).toBe('Creator 7');
    expect(channel['itunes:author']).toBe('Creator 7');
    // This server's own address (SITE_URL when set; here the request's, which Next names localhost).
    const image = new URL(channel['itunes:image']['@href']);
    expect([image.port, image.pathname]).toEqual([new URL(server.origin).port, '/icon-512.png']);
    const items = channel.item as RssItem[];
    expect(items.map((item) => item.guid['#text'])).toEqual(['youtube:ep2', 'youtube:ep1']);
    for (const item of items) {
      expect(item.title).toMatch(/^Episode ep\d & <friends>$/);
      expect(item.guid['@isPermaLink']).toBe('false');
      expect(item.enclosure['@type']).toBe('audio/mpeg');
      expect(item.pubDate).toMatch(/^\w{3}, \d{2} Oct 2026 00:00:00 GMT$/);
      expect(item['itunes:duration']).toMatch(/^0:0[5-7]$/);
      const head = await fetch(item.enclosure['@url'], { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('accept-ranges')).toBe('bytes');
      expect(head.headers.get('content-length')).toBe(item.enclosure['@length']);
      expect(await head.text()).toBe('');
    }
  });

  it('serves an episode with Range (206), authenticated by the feed token alone', async () => {
    const items = parse(await (await fetch(feedUrl)).text()).rss.channel.item as RssItem[];
    const url = items[0].enclosure['@url'] as string;
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(whole.length).toBe(Number(items[0].enclosure['@length']));
    const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(100, 200));
    expect((await fetch(url, { headers: { Range: `bytes=${whole.length + 10}-` } })).status).toBe(416);
    // Another feed's episode, a wrong extension, a wrong token: the same 404.
    expect((await fetch(url.replace('/ep2.mp3', '/ep3.mp4'))).status).toBe(404);
    expect((await fetch(url.replace('/ep2.mp3', '/ep2.mp4'))).status).toBe(404);
    const token = url.split('/')[6];
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetch(url.replace(token, wrong))).status).toBe(404);
    expect((await fetch(feedUrl.replace(token, wrong))).status).toBe(404);
    expect((await fetch(feedUrl.replace(token, 'not-a-token'))).status).toBe(404);
  });

  it("names an episode's chapters file when its file has chapters, served as JSON chapters", async () => {
    const db = await getDb();
    // The download's file was read when it finished: the fixture's audio has no chapters.
    const row = await db.get<{ chapters: string }>('SELECT chapters FROM follow_uploads WHERE follow_id = ? AND media_id = ?', [followId, 'ep1']);
    expect(JSON.parse(row!.chapters)).toEqual([]);
    await saveFileFacts(db, followId, 'ep1', [{ startTime: 0, endTime: 2, title: 'Intro & hello' }, { startTime: 2, title: 'Rest' }], null);
    const items = parse(await (await fetch(feedUrl)).text()).rss.channel.item as RssItem[];
    expect(items[0]['podcast:chapters']).toBeUndefined();
    const chapters = items[1]['podcast:chapters']!;
    expect(chapters['@type']).toBe('application/json+chapters');
    const res = await fetch(chapters['@url']);
    expect(res.headers.get('content-type')).toBe('application/json+chapters; charset=utf-8');
    expect(await res.json()).toEqual({ version: '1.2.0', chapters: [{ startTime: 0, endTime: 2, title: 'Intro & hello' }, { startTime: 2, title: 'Rest' }] });
    expect((await fetch(chapters['@url'].replace('/ep1.json', '/ep2.json'))).status).toBe(404);
  });

  it('is downloaded by a podcast client from Debian (podget), whose files play for their whole length', async () => {
    const dir = path.join(env.root, 'podget');
    const [conf, library, session] = ['conf', 'library', 'session'].map((name) => path.join(dir, name));
    mkdirSync(conf, { recursive: true });
    await run('podget', ['-d', conf, '--create-config', 'podgetrc']);
    writeFileSync(path.join(conf, 'serverlist'), `${feedUrl} Grabline Creator7\n`);
    await run('podget', ['-d', conf, '--dir_session', session, '-l', library, '--verbosity', '1', '-n']);
    const files = readdirSync(path.join(library, 'Grabline', 'Creator7')).filter((name) => name.endsWith('.mp3')).sort();
    expect(files).toEqual(['ep1.mp3', 'ep2.mp3']);
    for (const name of files) {
      const file = path.join(library, 'Grabline', 'Creator7', name);
      expect(statSync(file).size).toBeGreaterThan(10_000);
      const probe = await probeMedia(file);
      expect(probe.streams.some((s) => s.codecType === 'audio')).toBe(true);
      expect(probe.duration).toBeGreaterThan(5);
      expect(probe.duration).toBeLessThan(7);
    }
  }, 120_000);

  it('lists the video episodes once switched to video', async () => {
    await changeFeed(await getDb(), user, followId, { media: 'video' }, Date.now());
    const items = parse(await (await fetch(feedUrl)).text()).rss.channel.item as RssItem[];
    expect(items.map((item) => [item.guid['#text'], item.enclosure['@type']])).toEqual([['youtube:ep3', 'video/mp4']]);
  });

  it('stops at once when regenerated (the old address dies) or revoked', async () => {
    const db = await getDb();
    const next = await regenerateFeed(db, user, followId, server.origin, Date.now());
    expect(next.url).not.toBe(feedUrl);
    expect((await fetch(feedUrl)).status).toBe(404);
    expect((await fetch(next.url)).status).toBe(200);
    expect(await revokeFeed(db, user, followId, Date.now())).toMatchObject({ enabled: false, media: 'video' });
    expect((await fetch(next.url)).status).toBe(404);
  });

  it("lists the follow's files in the library folder instead, when the library holds some, served with Range", async () => {
    const db = await getDb();
    const root = path.join(env.root, 'library');
    const rel = `${user}/Creator 7/lib1.mp3`;
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=3', '-c:a', 'libmp3lame', '-b:a', '64k', path.join(root, rel)]);
    const size = statSync(path.join(root, rel)).size;
    vi.stubEnv('LIBRARY_DIR', root);
    try {
      await db.run(
        `INSERT INTO library_entries (id, user_id, follow_id, media_id, platform, rel_path, size, mime, title, published_at, duration_s, created_at)
         VALUES (?, ?, ?, ?, 'youtube', ?, ?, 'audio/mpeg', ?, ?, 3, ?)`,
        ['lib_1', user, followId, 'lib1', rel, size, 'From the library', Date.UTC(2026, 9, 9), Date.now()],
      );
      await changeFeed(db, user, followId, { media: 'audio' }, Date.now());
      const url = (await regenerateFeed(db, user, followId, server.origin, Date.now())).url;
      const items = parse(await (await fetch(url)).text()).rss.channel.item as RssItem[];
      expect(items.map((item) => [item.guid['#text'], item.title, item.enclosure['@length'], item['itunes:duration']])).toEqual([['youtube:lib1', 'From the library', String(size), '0:03']]);
      const whole = Buffer.from(await (await fetch(items[0].enclosure['@url'])).arrayBuffer());
      expect(whole.length).toBe(size);
      const part = await fetch(items[0].enclosure['@url'], { headers: { Range: 'bytes=-100' } });
      expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes ${size - 100}-${size - 1}/${size}`]);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(size - 100));
      const head = await fetch(items[0].enclosure['@url'], { method: 'HEAD' });
      expect([head.status, head.headers.get('content-length')]).toEqual([200, String(size)]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

function run(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: 90_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${bin} failed: ${stderr || stdout || error.message}`));
      else resolve(stdout);
    });
  });
}
