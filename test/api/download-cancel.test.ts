import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as startDownload } from '@/app/api/media/download/route';
import { DELETE as cancelDownload, GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { startDownloadEnv } from './download.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(() => env?.close());

async function start(url: string): Promise<string> {
  const req = new NextRequest('http://localhost/api/media/download', {
    method: 'POST', body: JSON.stringify({ url, quality: '720p', format: 'mp4' }), headers: { 'content-type': 'application/json' },
  });
  return (await (await startDownload(req, { params: Promise.resolve({}) })).json()).data.downloadId;
}

const call = async (handler: typeof progressGet, method: string, id: string) => {
  const res = await handler(new NextRequest(`http://localhost/api/media/progress/${id}`, { method }), { params: Promise.resolve({ id }) });
  return { status: res.status, json: await res.json() };
};

describe('cancelling a download job', () => {
  it('stops a running job: it ends failed with code cancelled, stays so, and a second cancel is 409', async () => {
    // 3 MB at 100 kB/s: the job is preparing for half a minute unless stopped.
    const id = await start(`${env.site.origin}/_sw/throttle=100000/video.mp4?cancel=1`);
    for (let i = 0; i < 200 && (await call(progressGet, 'GET', id)).json.data.status !== 'processing'; i++) await new Promise((r) => setTimeout(r, 25));
    const cancelled = await call(cancelDownload, 'DELETE', id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data).toMatchObject({ id, status: 'failed', code: 'cancelled', message: 'Cancelled', downloadUrl: null });
    await new Promise((r) => setTimeout(r, 600));
    expect((await call(progressGet, 'GET', id)).json.data).toMatchObject({ status: 'failed', code: 'cancelled' });
    expect(await call(cancelDownload, 'DELETE', id)).toMatchObject({ status: 409, json: { code: 'conflict' } });
  });

  it('answers 404 for an unknown download', async () => {
    expect((await call(cancelDownload, 'DELETE', 'dl_nothingHereAtAll000')).status).toBe(404);
  });
});
