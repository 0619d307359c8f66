import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progressGet } from '@/app/api/media/progress/[id]/route';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { getPreparations } from '@/lib/media/deliver';
import { chapterMediaUrlPath } from '@/test/fixtures/chapter-media';
import { STUB_VIDEO_ID } from '@/test/fixtures/sponsorblock-stub';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { saveAndProbe } from './media-probe.testkit';

/** The public API's download job: split and SponsorBlock asked in the body, named by the link, said when missing. */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  process.env.SPONSORBLOCK_URL = env.site.origin;
}, 300_000);
afterAll(() => env?.close());

async function start(body: Record<string, unknown>) {
  const req = new NextRequest('http://localhost/api/media/download', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const res = await startDownload(req, { params: Promise.resolve({}) });
  return { status: res.status, json: (await res.json()) as { data?: { downloadId: string }; code?: string; error?: string } };
}

async function finished(id: string): Promise<DownloadProgress> {
  for (let i = 0; i < 1500; i++) {
    const res = await progressGet(new NextRequest(`http://localhost/api/media/progress/${id}`), { params: Promise.resolve({ id }) });
    const data = ((await res.json()) as { data: DownloadProgress }).data;
    if (data.status === 'ready' || data.status === 'failed') return data;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('download job never finished');
}

/** The talk analysed the way the job will find it in the cache, as the YouTube video the stub SponsorBlock knows. */
async function youtubeTalk(tag: string): Promise<string> {
  const url = `${env.site.origin}${chapterMediaUrlPath(20, 'talk.mp4')}?job=${tag}`;
  const media = await analyzeMedia(url, { engine: 'auto' });
  Object.assign(media.extraction, { platform: 'youtube', id: STUB_VIDEO_ID });
  return url;
}

async function served(done: DownloadProgress, name: string) {
  const url = new URL(done.downloadUrl!, 'http://localhost');
  const prepared = getPreparations().started;
  const res = await requestDownload(url.pathname.split('/').pop()!, url.searchParams.get('itag')!, { query: Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'itag')) });
  // The link serves the file the job made: nothing is prepared again.
  expect(getPreparations().started).toBe(prepared);
  return { url, res, body: await bodyOf(res), name };
}

describe('a download job with chapter options', () => {
  it('split: the link names it and serves the ZIP the job made', async () => {
    const { status, json } = await start({ url: `${env.site.origin}${chapterMediaUrlPath(20, 'talk.m4a')}?job=split`, format: 'm4a', split: true });
    expect(status, JSON.stringify(json)).toBe(200);
    const done = await finished(json.data!.downloadId);
    expect(done.status, done.message).toBe('ready');
    const { url, res } = await served(done, 'split.zip');
    expect(url.searchParams.get('split')).toBe('1');
    expect(res.headers.get('content-type')).toBe('application/zip');
  });

  it('SponsorBlock removal: the link names the lists and serves the shortened file', async () => {
    const url = await youtubeTalk('remove');
    const { json } = await start({ url, format: 'mp4', sponsorMark: [], sponsorRemove: ['sponsor'] });
    const done = await finished(json.data!.downloadId);
    expect(done.status, done.message).toBe('ready');
    expect(done.notes).toBeUndefined();
    const { url: link, body } = await served(done, 'removed.mp4');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ sponsorMark: '', sponsorRemove: 'sponsor' });
    const { probe } = await saveAndProbe(env.root, 'job-removed.mp4', body);
    expect(Math.abs(Number(probe.format.duration) - 17)).toBeLessThanOrEqual(0.2);
  });

  it('SponsorBlock down: the download is ready all the same, and says so', async () => {
    process.env.SPONSORBLOCK_URL = 'http://127.0.0.1:9';
    try {
      const url = await youtubeTalk('down');
      const { json } = await start({ url, format: 'mp4', sponsorRemove: ['sponsor'] });
      const done = await finished(json.data!.downloadId);
      expect(done.status, done.message).toBe('ready');
      expect(done.notes).toEqual(['sponsorblock_unavailable']);
    } finally {
      process.env.SPONSORBLOCK_URL = env.site.origin;
    }
  });

  it('an unknown category or a split of a media without chapters is refused clearly', async () => {
    const bad = await start({ url: `${env.site.origin}/video.mp4`, sponsorRemove: ['ads'] });
    expect(bad.status).toBe(400);
    const { json } = await start({ url: `${env.site.origin}${chapterMediaUrlPath(20, 'plain.mp4')}?job=nosplit`, split: true });
    const done = await finished(json.data!.downloadId);
    expect(done.status).toBe('failed');
    expect(done.code).toBe('invalid_request');
  });
});
