import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progressGet } from '@/app/api/media/progress/[id]/route';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import { getPreparations } from '@/lib/media/deliver';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { saveAndProbe } from './media-probe.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(() => env?.close());

async function start(body: unknown) {
  const req = new NextRequest('http://localhost/api/media/download', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const res = await startDownload(req, { params: Promise.resolve({}) });
  return { status: res.status, json: (await res.json()) as { data?: { downloadId: string }; code?: string } };
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

describe('the public API cuts and leaves tags out', () => {
  it('start/end/exact and embedMetadata=false: the downloadUrl names them and serves the clip prepared', async () => {
    const { status, json } = await start({ url: `${env.site.origin}/pages/og-video.html?job=trim`, format: 'mp3', start: '1', end: '0:04', exact: true, embedMetadata: false });
    expect(status).toBe(200);
    const done = await finished(json.data!.downloadId);
    expect(done.status).toBe('ready');
    const url = new URL(done.downloadUrl!, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ start: '1', end: '4', exact: '1', embedMetadata: 'false' });
    const id = url.pathname.split('/').pop()!;
    const prepared = getPreparations().started;
    const res = await requestDownload(id, url.searchParams.get('itag')!, { query: Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'itag')) });
    const { probe } = await saveAndProbe(env.root, 'job.mp3', await bodyOf(res));
    expect(Math.abs(Number(probe.format.duration) - 3)).toBeLessThanOrEqual(0.1);
    expect(probe.format.tags?.title).toBeUndefined();
    // The link served the file the job made: nothing was prepared again.
    expect(getPreparations().started).toBe(prepared);
  });

  it('time text that is not a time is a 400 when the job is asked for', async () => {
    const { status, json } = await start({ url: `${env.site.origin}/video.mp4`, start: 'soon' });
    expect(status).toBe(400);
    expect(json.code).toBe('trim_invalid_time');
    const backwards = await start({ url: `${env.site.origin}/video.mp4`, start: '5', end: '2' });
    expect(backwards.json.code).toBe('trim_invalid_range');
  });

  it('a range past the end is the job\'s failure with its code, once the media is known', async () => {
    const { json } = await start({ url: `${env.site.origin}/video.mp4?job=late`, start: '2', end: '60' });
    const done = await finished(json.data!.downloadId);
    expect(done).toMatchObject({ status: 'failed', code: 'trim_out_of_bounds' });
  });
});
