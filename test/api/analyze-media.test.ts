import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { GET as healthGet } from '@/app/api/health/route';
import { POST as mediaAnalyzePost } from '@/app/api/media/analyze/route';
import { closeDb } from '@/lib/db';
import { getAnalyzed } from '@/lib/media/analyze';
import type { MediaInfo } from '@/lib/media/types';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';

let site: FixtureSite;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-media-analyze-'));
  process.env.DATA_DIR = dataDir;
  site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
});

afterAll(async () => {
  await getYtdlpPool().close();
  await site?.close();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.MEDIA_FETCH_ALLOW;
});

const noParams = { params: Promise.resolve({}) };

async function analyzeNow(body: unknown): Promise<{ status: number; json: { success: boolean; data?: MediaInfo; error?: string; code?: string } }> {
  const req = new NextRequest('http://localhost/api/media/analyze', {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' },
  });
  const res = await mediaAnalyzePost(req, noParams);
  return { status: res.status, json: await res.json() };
}

const hits = (resource: string) => site.stats.byPath.get(resource) ?? 0;

describe('POST /api/media/analyze', () => {
  it('answers the media info at once, with all media info fields', async () => {
    const { status, json } = await analyzeNow({ url: `${site.origin}/video.mp4?sync=1` });
    expect(status).toBe(200);
    const info = json.data!;
    expect(info).toMatchObject({ platform: 'generic', url: `${site.origin}/video.mp4?sync=1` });
    for (const field of ['id', 'title', 'description', 'thumbnail', 'fileSize', 'createdAt']) {
      expect(typeof (info as unknown as Record<string, unknown>)[field]).toBe('string');
    }
    expect(info.availableQualities[0]).toBe('720p');
    expect(info.formats[0].itag).toBe('mp4-720');
  });

  it('drops a thumbnail on a private address but keeps the public video', async () => {
    const { status, json } = await analyzeNow({ url: `${site.origin}/pages/private-thumbnail.html` });
    expect(status).toBe(200);
    expect(json.data!.formats[0].itag).toBe('mp4-720');
    expect(JSON.stringify(json.data)).not.toContain('169.254.169.254');
  });

  it('answers a second request for the same link from the cache: same id, no new fetch', async () => {
    const url = `${site.origin}/audio.mp3?cache=1`;
    const first = await analyzeNow({ url });
    const fetched = hits('/audio.mp3');
    const second = await analyzeNow({ url });
    expect(second.json.data!.id).toBe(first.json.data!.id);
    expect(second.json.data!.createdAt).toBe(first.json.data!.createdAt);
    expect(hits('/audio.mp3')).toBe(fetched);
  });

  it('treats two spellings of one link as one: tracking parameters and host case are not a new analysis', async () => {
    const first = await analyzeNow({ url: `${site.origin}/audio.mp3?cache=2` });
    const fetched = hits('/audio.mp3');
    const second = await analyzeNow({ url: `${site.origin.replace('http://', 'HTTP://')}/audio.mp3?utm_source=newsletter&cache=2&fbclid=x` });
    expect(second.status).toBe(200);
    expect(second.json.data!.id).toBe(first.json.data!.id);
    expect(hits('/audio.mp3')).toBe(fetched);
  });

  it('shares one analysis between concurrent requests for the same link', async () => {
    const url = `${site.origin}/video.webm?concurrent=1&latency=200`;
    const before = hits('/video.webm');
    const alone = await analyzeNow({ url: `${site.origin}/video.webm?solo=1` });
    const perAnalysis = hits('/video.webm') - before;
    expect(alone.status).toBe(200);
    const start = hits('/video.webm');
    const [a, b, c] = await Promise.all([analyzeNow({ url }), analyzeNow({ url }), analyzeNow({ url })]);
    expect(new Set([a.json.data!.id, b.json.data!.id, c.json.data!.id]).size).toBe(1);
    expect(hits('/video.webm') - start).toBe(perAnalysis);
  });

  it('keeps each offer\'s plan for the download engine, found by the media id', async () => {
    const { json } = await analyzeNow({ url: `${site.origin}/hls/master.m3u8?plans=1` });
    const analyzed = getAnalyzed(json.data!.id)!;
    expect(analyzed.info.id).toBe(json.data!.id);
    const plan = analyzed.plans.get('mp4-1080')!;
    expect(plan).toMatchObject({ action: 'merge', container: 'mp4' });
    expect(plan.video!.url).toBe(`${site.origin}/hls/1080p.m3u8`);
    // Stream URLs stay on the server: the answer carries none of them.
    expect(JSON.stringify(json)).not.toContain('1080p.m3u8');
  });

  it('a different engine is a different analysis', async () => {
    const url = `${site.origin}/video.mp4?engines=1`;
    const auto = await analyzeNow({ url });
    const native = await analyzeNow({ url, engine: 'native' });
    expect(native.json.data!.id).not.toBe(auto.json.data!.id);
  });

  it('errors keep the envelope: bad engine → 400, no media → 422, unsupported platform page → 422', async () => {
    expect((await analyzeNow({ url: `${site.origin}/video.mp4`, engine: 'magic' })).status).toBe(400);
    const none = await analyzeNow({ url: `${site.origin}/pages/no-media.html?sync=1` });
    expect(none).toEqual({ status: 422, json: { success: false, error: 'No downloadable media found at this link', code: 'no_media' } });
    const feed = await analyzeNow({ url: 'https://www.youtube.com/feed/trending' });
    expect(feed.status).toBe(422);
    expect(feed.json.code).toBe('unsupported_url');
  });

  it('refuses a live stream', async () => {
    const { status, json } = await analyzeNow({ url: `${site.origin}/hls-live/master.m3u8` });
    expect(status).toBe(422);
    expect(json.code).toBe('live_not_finished');
  });
});

describe('GET /api/health', () => {
  it('reports node, ffmpeg, yt-dlp and the pool', async () => {
    // The details are the operator's: asked for with HEALTH_TOKEN.
    process.env.HEALTH_TOKEN = 'analyze-media-operator-token';
    const res = await healthGet(new NextRequest('http://localhost/api/health', { headers: { authorization: 'Bearer analyze-media-operator-token' } }), noParams);
    delete process.env.HEALTH_TOKEN;
    const body = (await res.json()) as { success: boolean; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ node: process.version });
    // 'degraded' only for an engine past its age (the installed one ages until the next update).
    expect(body.data.status).toBe(body.data.engineOutdated ? 'degraded' : 'ok');
    expect(body.data.ffmpeg).toMatch(/^ffmpeg version /);
    expect(body.data.ytdlp).toMatch(/^\d{4}\.\d{2}\.\d{2}/);
    expect(body.data.pool).toMatchObject({ size: expect.any(Number), busy: expect.any(Number) });
  });
});
