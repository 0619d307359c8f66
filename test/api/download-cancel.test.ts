import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as startDownload } from '@/app/api/media/download/route';
import { DELETE as cancelDownload, GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { POST as createToken } from '@/app/api/auth/tokens/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { startDownloadEnv } from './download.testkit';
import { signUp } from './history.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(() => env?.close());

async function start(url: string, headers: Record<string, string> = {}): Promise<string> {
  const req = new NextRequest('http://localhost/api/media/download', {
    method: 'POST', body: JSON.stringify({ url, quality: '720p', format: 'mp4' }), headers: { 'content-type': 'application/json', ...headers },
  });
  return (await (await startDownload(req, { params: Promise.resolve({}) })).json()).data.downloadId;
}

const call = async (handler: typeof progressGet, method: string, id: string, headers: Record<string, string> = {}) => {
  const res = await handler(new NextRequest(`http://localhost/api/media/progress/${id}`, { method, headers }), { params: Promise.resolve({ id }) });
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

  it("cancels a signed-in user's job for that user only, and needs a token with the download scope", async () => {
    const ada = await signUp('ada-cancel@example.com');
    const bob = await signUp('bob-cancel@example.com');
    const token = async (scopes: string[]) =>
      (await callRoute(createToken, '/api/auth/tokens', { body: { name: scopes.join(' '), scopes }, headers: { cookie: ada.cookie } })).json.data.token as string;
    const reader = await token(['history:read']);
    const downloader = await token(['download']);
    const id = await start(`${env.site.origin}/_sw/throttle=100000/video.mp4?cancel=owned`, { cookie: ada.cookie });

    expect(await call(cancelDownload, 'DELETE', id)).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect(await call(cancelDownload, 'DELETE', id, { cookie: bob.cookie })).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect(await call(cancelDownload, 'DELETE', id, { authorization: `Bearer ${reader}` })).toMatchObject({ status: 403, json: { code: 'token_scope' } });
    expect(await call(progressGet, 'GET', id, { authorization: `Bearer ${reader}` })).toMatchObject({ status: 403, json: { code: 'token_scope' } });
    // Its progress (and, once ready, its link) is the owner's too: nobody else learns it by the id.
    expect(await call(progressGet, 'GET', id)).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect(await call(progressGet, 'GET', id, { cookie: bob.cookie })).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect((await call(progressGet, 'GET', id, { cookie: ada.cookie })).json.data.status).not.toBe('failed');
    expect((await call(progressGet, 'GET', id, { authorization: `Bearer ${downloader}` })).status).toBe(200);

    const cancelled = await call(cancelDownload, 'DELETE', id, { authorization: `Bearer ${downloader}` });
    expect(cancelled).toMatchObject({ status: 200, json: { data: { id, status: 'failed', code: 'cancelled' } } });
    expect(await call(cancelDownload, 'DELETE', id, { cookie: ada.cookie })).toMatchObject({ status: 409, json: { code: 'conflict' } });
  });
});
