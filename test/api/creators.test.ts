import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/creators/[slug]/route';
import { clearCreators, resolveCreatorVideoUrl } from '@/lib/creators/service';
import type { Creator } from '@/lib/creators/types';
import { closeDb, getDb } from '@/lib/db';
import { loadReading } from '@/lib/creators/readings';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { services } from '@/lib/server';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';

let site: FixtureSite;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-creators-'));
  process.env.DATA_DIR = dataDir;
  site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
  // One creator read from the fixture channel (the real path); mrbeast's channel is a refused address
  // (127.0.0.1:1 refuses at once), so it has never been read.
  process.env.CREATOR_SOURCES_JSON = JSON.stringify({
    'fixture-channel': `${site.origin}/pages/channel.html`,
    mrbeast: 'http://127.0.0.1:1/channel',
  });
});

beforeEach(() => clearCreators());

afterAll(async () => {
  await getYtdlpPool().close();
  await site?.close();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.CREATOR_SOURCES_JSON;
  delete process.env.MEDIA_FETCH_ALLOW;
});

async function getCreator(slug: string): Promise<{ status: number; body: { success: boolean; data?: Creator; error?: string } }> {
  const res = await GET(new NextRequest(`http://localhost/api/creators/${slug}`), { params: Promise.resolve({ slug }) });
  return { status: res.status, body: await res.json() };
}

describe('GET /api/creators/{slug}', () => {
  it('reads a creator from their channel: its videos, in order, with links to analyse', async () => {
    const { status, body } = await getCreator('fixture-channel');
    expect(status).toBe(200);
    const creator = body.data!;
    expect(creator).toMatchObject({ slug: 'fixture-channel', name: 'Channel fixture', source: 'channel', platform: 'generic' });
    expect(creator.readAt).toBeGreaterThan(Date.now() - 60_000);
    expect(creator.latestVideos.map((v) => v.url)).toEqual(
      ['og-video', 'jsonld-video', 'video-tag', 'twitter-player'].map((p) => `${site.origin}/pages/${p}.html`),
    );
    expect(creator.stats.videos).toBe(4);
    expect(new Set(creator.latestVideos.map((v) => v.id)).size).toBe(4);
    const second = creator.latestVideos[1];
    expect(await resolveCreatorVideoUrl('fixture-channel', second.id, services())).toBe(second.url);
    expect(await resolveCreatorVideoUrl('fixture-channel', 'nope', services())).toBeUndefined();
  });

  it('shows the last stored reading, with its time, when the channel cannot be read now', async () => {
    const read = (await getCreator('fixture-channel')).body.data!;
    expect(read.source).toBe('channel');
    const sources = JSON.parse(process.env.CREATOR_SOURCES_JSON!) as Record<string, string>;
    process.env.CREATOR_SOURCES_JSON = JSON.stringify({ ...sources, 'fixture-channel': 'http://127.0.0.1:1/gone' });
    try {
      clearCreators();
      const { status, body } = await getCreator('fixture-channel');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ source: 'stored', readAt: read.readAt, stats: { videos: 4 }, name: 'Channel fixture' });
      expect(body.data!.latestVideos).toEqual(read.latestVideos);
    } finally {
      process.env.CREATOR_SOURCES_JSON = JSON.stringify(sources);
    }
  });

  it('hands the browser our thumbnail route for each video picture, and stores the picture\'s own address', async () => {
    const creator = (await getCreator('fixture-channel')).body.data!;
    expect(creator.latestVideos).toHaveLength(4);
    for (const video of creator.latestVideos) {
      expect(video.thumbnail).toMatch(/^\/api\/thumbnail\?src=[^&]+&sig=[\w-]{22}$/);
      expect(new URLSearchParams(video.thumbnail!.split('?')[1]).get('src')).toBe(`${site.origin}/image.jpg`);
    }
    const stored = await loadReading(await getDb(), 'fixture-channel');
    expect(stored!.reading.latestVideos.map((v) => v.thumbnail)).toEqual(Array(4).fill(`${site.origin}/image.jpg`));
  });

  it('invents nothing for a channel never read: the creator, no videos, no counts', async () => {
    const { status, body } = await getCreator('mrbeast');
    expect(status).toBe(200);
    expect(body.data).toEqual({
      slug: 'mrbeast', name: 'MrBeast', platform: 'youtube', channelUrl: 'http://127.0.0.1:1/channel',
      stats: {}, latestVideos: [], source: 'none', readAt: null,
    });
  });

  it('answers 404 Creator Not Found for a slug it knows nothing about', async () => {
    const { status, body } = await getCreator('no-such-creator');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: 'Creator Not Found' });
  });
});
