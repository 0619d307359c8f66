import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { getPreparations } from '@/lib/media/deliver';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import { FIXTURE_SITE_DIR } from '@/test/fixtures/media';
import { bodyOf, probeBody, requestDownload, sha256, startDownloadEnv } from './download.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(() => env?.close());

async function start(body: unknown): Promise<{ status: number; json: { success: boolean; data?: { downloadId: string }; code?: string; error?: string } }> {
  const req = new NextRequest('http://localhost/api/media/download', {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' },
  });
  const res = await startDownload(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

async function progressOf(id: string): Promise<{ status: number; data?: DownloadProgress }> {
  const res = await progressGet(new NextRequest(`http://localhost/api/media/progress/${id}`), { params: Promise.resolve({ id }) });
  const json = await res.json();
  return { status: res.status, data: json.data };
}

/** Polls quickly until the job ends, keeping every record seen. */
async function follow(id: string): Promise<DownloadProgress[]> {
  const seen: DownloadProgress[] = [];
  for (let i = 0; i < 1500; i++) {
    const { data } = await progressOf(id);
    seen.push(data!);
    if (data!.status === 'ready' || data!.status === 'failed') return seen;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('download job never finished');
}

function downloadFromUrl(downloadUrl: string): Promise<Response> {
  const url = new URL(downloadUrl, 'http://localhost');
  const id = url.pathname.split('/').pop()!;
  return requestDownload(id, url.searchParams.get('itag')!, { ext: url.searchParams.get('ext') ?? undefined });
}

describe('download jobs', () => {
  it('goes queued → analyzing → processing → ready with rising progress and a working downloadUrl', async () => {
    env.site.setSwitches({ throttle: 1024 * 1024 });
    const { status, json } = await start({ url: `${env.site.origin}/hls/master.m3u8?job=1`, quality: '720p', format: 'mp4' });
    expect(status).toBe(200);
    const id = json.data!.downloadId;
    const seen = await follow(id);
    env.site.resetSwitches();
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ id, _id: id, status: 'ready', progress: 100 });
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const intermediate = new Set(seen.filter((s) => s.status === 'processing').map((s) => s.progress));
    expect(intermediate.size).toBeGreaterThan(2);
    expect(seen.filter((s) => s.status !== 'ready').every((s) => s.downloadUrl === null)).toBe(true);
    expect(last.downloadUrl).toMatch(/^\/api\/download\/[A-Za-z0-9_-]+\?itag=mp4-720&ext=mp4$/);

    const started = getPreparations().started;
    const res = await downloadFromUrl(last.downloadUrl!);
    expect(res.status).toBe(200);
    expect(getPreparations().started).toBe(started);
    const probe = await probeBody(env.root, 'job-720.mp4', await bodyOf(res));
    expect(probe.streams.find((s) => s.codecType === 'video')).toMatchObject({ codecName: 'h264', height: 720 });
    expect(Math.abs(probe.duration - 8)).toBeLessThanOrEqual(0.2);
  }, 60_000);

  it('picks the nearest lower quality when the exact one is missing', async () => {
    const { json } = await start({ url: `${env.site.origin}/dash/manifest.mpd?job=2`, quality: '1080p', format: 'mp4' });
    const last = (await follow(json.data!.downloadId)).at(-1)!;
    expect(last.downloadUrl).toContain('itag=mp4-720');
    const { json: low } = await start({ url: `${env.site.origin}/dash/manifest.mpd?job=2`, quality: '480p', format: 'webm' });
    expect((await follow(low.data!.downloadId)).at(-1)!.downloadUrl).toContain('itag=webm-360');
  }, 60_000);

  it('makes mp3 at 320k unless the quality says 128', async () => {
    const url = `${env.site.origin}/video.mp4?job=3`;
    const hi = (await follow((await start({ url, quality: '1080p', format: 'mp3' })).json.data!.downloadId)).at(-1)!;
    const lo = (await follow((await start({ url, quality: '128kbps', format: 'mp3' })).json.data!.downloadId)).at(-1)!;
    expect(hi.downloadUrl).toContain('itag=mp3-320&ext=mp3');
    expect(lo.downloadUrl).toContain('itag=mp3-128&ext=mp3');
  }, 60_000);

  it('prepares a passthrough offer too, so its link serves the same bytes from disk', async () => {
    const job = await start({ url: `${env.site.origin}/video.mp4?job=4`, quality: '720p', format: 'mp4' });
    const last = (await follow(job.json.data!.downloadId)).at(-1)!;
    expect(last.status).toBe('ready');
    const hits = env.site.stats.byPath.get('/video.mp4') ?? 0;
    const body = await bodyOf(await downloadFromUrl(last.downloadUrl!));
    expect(env.site.stats.byPath.get('/video.mp4')).toBe(hits);
    expect(sha256(body)).toBe(sha256(await readFile(path.join(FIXTURE_SITE_DIR, 'video.mp4'))));
  }, 60_000);

  it('fails with the error message when the media cannot be fetched', async () => {
    const job = await start({ url: `${env.site.origin}/missing.mp4`, quality: '720p', format: 'mp4' });
    const last = (await follow(job.json.data!.downloadId)).at(-1)!;
    expect(last.status).toBe('failed');
    expect(last.message.length).toBeGreaterThan(0);
    expect(last.downloadUrl).toBeNull();
  }, 60_000);

  it('fails when the wanted format is not offered', async () => {
    const job = await start({ url: `${env.site.origin}/audio.mp3?job=6`, quality: '720p', format: 'mp4' });
    expect((await follow(job.json.data!.downloadId)).at(-1)).toMatchObject({ status: 'failed', code: 'invalid_request' });
  }, 60_000);

  it('refuses a bad request before making a job, and answers 404 for an unknown id', async () => {
    expect((await start({ url: '  ', quality: '720p', format: 'mp4' })).json).toMatchObject({ success: false, error: 'Please enter a valid URL' });
    expect((await start({ url: 'https://example.com/x', format: 'avi' })).status).toBe(400);
    expect((await start({ url: 'not a url' })).status).toBe(422);
    expect((await progressOf('dl_unknown')).status).toBe(404);
  });
});
