import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { POST as analyzePost } from '@/app/api/analyze/route';
import { GET as statusGet } from '@/app/api/status/[jobId]/route';
import { closeDb } from '@/lib/db';
import type { JobSnapshot } from '@/lib/downloads/analyses';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';

let site: FixtureSite;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-analyze-'));
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

function postAnalyze(body: unknown): Promise<Response> {
  const init = { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  return analyzePost(new NextRequest('http://localhost/api/analyze', init), noParams);
}

function getStatus(jobId: string, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> {
  return statusGet(new NextRequest(`http://localhost/api/status/${jobId}`, init), { params: Promise.resolve({ jobId }) });
}

async function startJob(url: string, engine?: string): Promise<string> {
  const res = await postAnalyze({ url, ...(engine ? { engine } : {}) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { success: boolean; data: { jobId: string } };
  expect(body.success).toBe(true);
  return body.data.jobId;
}

/** Polls the JSON status the way the download page does, until the job ends. */
async function finished(jobId: string): Promise<JobSnapshot> {
  for (let i = 0; i < 600; i++) {
    const body = (await (await getStatus(jobId)).json()) as { data: JobSnapshot };
    if (body.data.status === 'ready' || body.data.status === 'error') return body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job never finished');
}

const analyse = async (pathOrUrl: string, engine?: string) =>
  finished(await startJob(pathOrUrl.startsWith('http') ? pathOrUrl : `${site.origin}${pathOrUrl}`, engine));

async function readEvents(res: Response): Promise<JobSnapshot[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => (JSON.parse(block.slice(6)) as { type: string; data: JobSnapshot }))
    .map((event) => {
      expect(event.type).toBe('status');
      return event.data;
    });
}

describe('POST /api/analyze → GET /api/status/{jobId}', () => {
  it('a direct MP4 becomes ready with the mp4 default first', async () => {
    const job = await analyse('/video.mp4');
    expect(job.status).toBe('ready');
    expect(job.progress).toBe(100);
    const info = job.metadata!;
    expect(info.formats[0]).toMatchObject({ itag: 'mp4-720', ext: 'mp4', quality: '720p' });
    expect(info.formats[0].filesize).toBeGreaterThan(0);
    expect(info.fileSize).toMatch(/^\d+(\.\d)? (KB|MB)$/);
    expect(info.duration).toBeGreaterThan(0);
    expect(info.formats.map((f) => f.itag)).toEqual(expect.arrayContaining(['mp3-320', 'mp3-128', 'm4a', 'wav', 'opus']));
  });

  it('an HLS master offers mp4 at 1080p, 720p and 360p, then audio', async () => {
    const job = await analyse('/hls/master.m3u8');
    expect(job.status).toBe('ready');
    const itags = job.metadata!.formats.map((f) => f.itag);
    expect(itags.filter((i) => i.startsWith('mp4-'))).toEqual(['mp4-1080', 'mp4-720', 'mp4-360', 'mp4-messaging']);
    // The audio rendition is 128 kbps: the MP3 offer promises no more.
    expect(itags).toEqual(expect.arrayContaining(['mp3-128', 'm4a']));
    expect(itags).not.toContain('mp3-320');
    expect(job.metadata!.availableQualities.slice(0, 3)).toEqual(['1080p', '720p', '360p']);
  });

  it('a DASH manifest with separate video and audio offers merged mp4s', async () => {
    const job = await analyse('/dash/manifest.mpd');
    expect(job.status).toBe('ready');
    expect(job.metadata!.formats[0].ext).toBe('mp4');
    expect(job.metadata!.formats.some((f) => f.itag === 'm4a')).toBe(true);
  });

  it('an OpenGraph video page finds its video, titled by the page', async () => {
    const job = await analyse('/pages/og-video.html');
    expect(job.status).toBe('ready');
    expect(job.metadata!.title).not.toBe('');
    expect(job.metadata!.formats[0].ext).toBe('mp4');
  });

  it('a carousel page lists each of its media as an item with its own formats', async () => {
    const job = await analyse('/pages/carousel.html');
    expect(job.status).toBe('ready');
    const items = job.metadata!.items!;
    expect(items.length).toBeGreaterThanOrEqual(3);
    const exts = items.map((item) => item.formats[0]?.ext);
    expect(exts).toEqual(expect.arrayContaining(['jpg', 'png', 'mp4']));
  });

  it('a channel page lists its videos as entries', async () => {
    const job = await analyse('/pages/channel.html');
    expect(job.status).toBe('ready');
    expect(job.metadata!.entries!.map((e) => e.url)).toEqual(
      ['og-video', 'jsonld-video', 'video-tag', 'twitter-player'].map((p) => `${site.origin}/pages/${p}.html`),
    );
  });

  it('a page without media ends in a no_media error', async () => {
    const job = await analyse('/pages/no-media.html');
    expect(job).toMatchObject({ status: 'error', message: 'No downloadable media found at this link', code: 'no_media' });
    expect(job.metadata).toBeUndefined();
  });

  it('a page whose media sit on private addresses offers nothing, by either engine', async () => {
    const job = await analyse('/pages/private-media.html');
    expect(job).toMatchObject({ status: 'error', code: 'no_media', message: 'No downloadable media found at this link' });
  });

  it('engine "ytdlp" analyses the direct MP4 through the warm pool', async () => {
    const job = await analyse(`${site.origin}/video.mp4?engine=ytdlp`, 'ytdlp');
    expect(job.status).toBe('ready');
    // yt-dlp's generic extractor does not probe a bare file, so its size is unknown: one "original" mp4.
    expect(job.metadata!.formats[0]).toMatchObject({ itag: 'mp4-src', ext: 'mp4' });
    expect(job.metadata!.formats.map((f) => f.itag)).toContain('mp3-320');
  });
});

describe('one round trip', () => {
  it('a fast analysis arrives finished in the POST answer itself, still with its job id', async () => {
    // A generous wait, so a loaded test machine cannot turn this into the slow path.
    process.env.ANALYZE_WAIT_MS = '5000';
    const res = await postAnalyze({ url: `${site.origin}/video.mp4?one-trip=1` }).finally(() => delete process.env.ANALYZE_WAIT_MS);
    const { data } = (await res.json()) as { data: JobSnapshot & { jobId: string } };
    expect(data.jobId).toMatch(/\w/);
    expect(data.status).toBe('ready');
    expect(data.metadata?.formats[0]).toMatchObject({ ext: 'mp4' });
    expect((await finished(data.jobId)).status).toBe('ready');
  });

  it('a slow one answers at once with its state, to be followed', async () => {
    const started = performance.now();
    const res = await postAnalyze({ url: `${site.origin}/video.webm?latency=800&one-trip=2` });
    const { data } = (await res.json()) as { data: JobSnapshot & { jobId: string } };
    expect(performance.now() - started).toBeLessThan(700);
    expect(['queued', 'analyzing']).toContain(data.status);
    expect(data.metadata).toBeUndefined();
    expect((await finished(data.jobId)).status).toBe('ready');
  });
});

describe('bad requests', () => {
  it.each([
    ['missing url', {}],
    ['blank url', { url: '   ' }],
    ['a number', { url: 42 }],
  ])('%s → 400 asking for a valid URL', async (_, body) => {
    const res = await postAnalyze(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Please enter a valid URL', code: 'invalid_request' });
  });

  it('a body that is not JSON → 400', async () => {
    const res = await postAnalyze('{url:');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it('a link that is not a URL → 422 invalid_url, and no job', async () => {
    const res = await postAnalyze({ url: 'not a link at all' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ success: false, error: 'Please enter a valid URL', code: 'invalid_url' });
  });

  it('an unknown job → 404 Job not found, as JSON and as a stream', async () => {
    for (const headers of [{}, { accept: 'text/event-stream' }] as Record<string, string>[]) {
      const res = await getStatus('job_doesnotexist', { headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: 'Job not found', code: 'not_found' });
    }
  });
});

describe('GET /api/status/{jobId} as an event stream', () => {
  it('sends queued, analyzing, ready in order, then closes', async () => {
    const jobId = await startJob(`${site.origin}/video.webm?latency=300`);
    const res = await getStatus(jobId, { headers: { accept: 'text/event-stream' } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(res);
    expect(events.map((e) => e.status)).toEqual(['queued', 'analyzing', 'ready']);
    expect(events.map((e) => e.progress)).toEqual([0, 25, 100]);
    expect(events[2].metadata!.formats.length).toBeGreaterThan(0);
  });

  it('sends the error and closes for a failing job', async () => {
    const jobId = await startJob(`${site.origin}/pages/no-media.html?sse=1`);
    const events = await readEvents(await getStatus(jobId, { headers: { accept: 'text/event-stream' } }));
    expect(events.at(-1)).toMatchObject({ status: 'error', message: 'No downloadable media found at this link' });
  });

  it('stops when the client goes away, and the job still finishes', async () => {
    const jobId = await startJob(`${site.origin}/video.mp4?latency=500`);
    const client = new AbortController();
    const res = await getStatus(jobId, { headers: { accept: 'text/event-stream' }, signal: client.signal });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"status":"queued"');
    client.abort();
    let done = false;
    for (let i = 0; i < 5 && !done; i++) done = (await reader.read()).done;
    expect(done).toBe(true);
    expect((await finished(jobId)).status).toBe('ready');
  });
});
