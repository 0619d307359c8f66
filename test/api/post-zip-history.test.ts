import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as zipGet } from '@/app/api/download/[id]/zip/route';
import { GET as list } from '@/app/api/history/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { ownerBytesToday } from '@/lib/limits/bytes';
import { analyzeMedia, clearAnalyses, type AnalyzedMedia } from '@/lib/media/analyze';
import { screenSources, screenThumbnails } from '@/lib/media/analyze/screen-sources';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import type { YtdlpInfo } from '@/lib/media/ytdlp/types';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { bodyOf, until } from './download.testkit';
import { signUp } from './history.testkit';

// "Download all" of a post (a recorded yt-dlp answer of an X post with two videos, served by the fixture site) goes
// into the signed-in caller's history as one entry once the archive is handed over whole; an anonymous one records
// nothing, and neither does an archive the caller abandoned.
let site: FixtureSite;
const saved = { ...process.env };
beforeAll(async () => {
  site = await startFixtureSite();
  Object.assign(process.env, { MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`, MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(async () => {
  await site?.close();
  process.env = saved;
});

function analyzePost(): Promise<AnalyzedMedia> {
  const text = readFileSync(path.join(process.cwd(), 'test', 'fixtures', 'ytdlp-info', 'x-multi-video.json'), 'utf8');
  const info = JSON.parse(text.replaceAll('{{origin}}', site.origin)) as YtdlpInfo;
  return analyzeMedia('https://x.com/NASA/status/1991234567890123456', { engine: 'ytdlp' }, {
    native: () => Promise.reject(new Error('the native engine must not be asked')),
    ytdlp: async (_url, recognition) => screenThumbnails(await screenSources(mapYtdlpInfo(info, recognition.platform))),
  });
}

const zip = (id: string, headers: Record<string, string> = {}) =>
  zipGet(new NextRequest(`http://localhost/api/download/${id}/zip`, { headers }), { params: Promise.resolve({ id }) });

describe.each(appStores())('a post archive in the history on $name', ({ open }) => {
  let close: () => Promise<void>;
  beforeEach(async () => {
    close = await open();
    clearAnalyses();
  });
  afterEach(async () => close());

  const rows = async () => (await getDb()).query<Record<string, unknown>>('SELECT * FROM history');

  it('records a whole archive once for the signed-in caller: the post, ×2 items, zip, its size — no link', async () => {
    const ada = await signUp('ada@example.com');
    const media = await analyzePost();
    const body = await bodyOf(await zip(media.info.id, { cookie: ada.cookie }));
    await until(async () => (await rows()).length === 1);
    const [row] = await rows();
    expect(row).toMatchObject({
      user_id: ada.userId, title: "NASA - Two views of this morning's launch", platform: 'twitter',
      media_ref: 'twitter:1991234567890123456', quality: '×2', format: 'zip', status: 'completed',
    });
    expect(Number(row.file_size)).toBe(body.length);
    // the picture's own address is kept (a fresh signed path is made whenever it is shown); no link, no stream
    const { thumbnail, ...rest } = row;
    expect(thumbnail).toBe(`${site.origin}/image.jpg?name=orig`);
    expect(JSON.stringify(rest)).not.toMatch(/https?:|\/status\//);
    const listed = (await callRoute(list, '/api/history', { headers: { cookie: ada.cookie } })).json.data;
    expect(listed.downloads.map((d: { format: string; quality: string }) => [d.quality, d.format])).toEqual([['×2', 'zip']]);
  }, 60_000);

  it('records nothing for an anonymous caller or an archive left unread', async () => {
    const ada = await signUp('ada@example.com');
    const media = await analyzePost();
    await bodyOf(await zip(media.info.id));
    const abandoned = await zip(media.info.id, { cookie: ada.cookie });
    const reader = abandoned.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rows()).toEqual([]);
  }, 60_000);

  it("counts an archive's bytes against the caller's day and starts no archive past the limit", async () => {
    const ada = await signUp('ada@example.com');
    const media = await analyzePost();
    process.env.USER_DAILY_BYTES = '1000';
    try {
      const body = await bodyOf(await zip(media.info.id, { cookie: ada.cookie }));
      expect(body.length).toBeGreaterThan(1000);
      expect((await ownerBytesToday(await getDb(), `user:${ada.userId}`)).used).toBe(body.length);
      const refused = await zip(media.info.id, { cookie: ada.cookie });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'daily_bytes_exceeded', details: { retryAt: expect.any(String) } });
    } finally {
      delete process.env.USER_DAILY_BYTES;
    }
  }, 60_000);
});
