import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/creators/[slug]/route';
import { clearCreators, resolveCreatorVideoUrl } from '@/lib/creators/service';
import type { Creator } from '@/lib/creators/types';
import { closeDb } from '@/lib/db';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';

let site: FixtureSite;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-creators-'));
  process.env.DATA_DIR = dataDir;
  site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
  // One creator read from the fixture channel (the real path); mrbeast keeps its YouTube channel, which this
  // offline machine cannot reach, so it falls back to sample data; 127.0.0.1:1 refuses at once.
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
    expect(creator.latestVideos.map((v) => v.url)).toEqual(
      ['og-video', 'jsonld-video', 'video-tag', 'twitter-player'].map((p) => `${site.origin}/pages/${p}.html`),
    );
    expect(creator.stats.videos).toBe(4);
    expect(new Set(creator.latestVideos.map((v) => v.id)).size).toBe(4);
    const second = creator.latestVideos[1];
    expect(await resolveCreatorVideoUrl('fixture-channel', second.id)).toBe(second.url);
    expect(await resolveCreatorVideoUrl('fixture-channel', 'nope')).toBeUndefined();
  });

  it('falls back to the same generated sample data when the channel cannot be read', async () => {
    const first = (await getCreator('mrbeast')).body.data!;
    clearCreators();
    const again = (await getCreator('mrbeast')).body.data!;
    expect(first).toMatchObject({ name: 'MrBeast', platform: 'youtube', source: 'sample' });
    expect(first.stats.subscribers).toBe(400_000_000);
    expect(first.latestVideos.length).toBeGreaterThan(0);
    expect(again).toEqual(first);
  });

  it('answers 404 Creator Not Found for a slug it knows nothing about', async () => {
    const { status, body } = await getCreator('no-such-creator');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: 'Creator Not Found' });
  });
});
