import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createToken } from '@/app/api/auth/tokens/route';
import { GET as readBatch } from '@/app/api/bulk/[batchId]/route';
import { POST as startBulk } from '@/app/api/bulk/route';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { DELETE as deletePreset, PATCH as patchPreset } from '@/app/api/presets/[id]/route';
import { GET as listPresets, POST as createPreset } from '@/app/api/presets/route';
import { callRoute } from '@/lib/auth/store.testkit';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { signUp } from './history.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(async () => {
  await getYtdlpPool().close();
  await env?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const at = (p: string) => `${env.site.origin}${p}`;

async function tokenFor(cookie: string, scopes: string[]): Promise<string> {
  return (await callRoute(createToken, '/api/auth/tokens', { body: { name: `t${scopes.join('')}`, scopes }, headers: { cookie } })).json.data.token;
}

/** Starts a download job and follows it to its end. */
async function download(body: object, headers: Record<string, string>) {
  const started = await callRoute(startDownload, '/api/media/download', { body, headers });
  if (started.status !== 200) return { status: started.status, code: started.json.code as string, error: started.json.error as string };
  const id = started.json.data.downloadId as string;
  for (let i = 0; i < 1500; i++) {
    // An owned job's progress is its owner's: asked with the same credential that started it.
    const data = (await callRoute(progressGet, `/api/media/progress/${id}`, { params: { id }, headers })).json.data as DownloadProgress;
    if (data.status === 'ready' || data.status === 'failed') return { status: 200, progress: data };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('download job never finished');
}

describe('presets over the API', () => {
  it('GET /api/presets gives the starter set once, in the language of the first read (en, ar)', async () => {
    const ada = await signUp('ada-presets@example.com');
    const english = await callRoute(listPresets, '/api/presets?locale=en', { headers: { cookie: ada.cookie } });
    expect(english.status).toBe(200);
    expect(english.json.data.map((p: { name: string }) => p.name)).toEqual(Object.values(en.Presets.starters));

    const bob = await signUp('bob-presets@example.com');
    // No locale asked: the stored choice (NEXT_LOCALE) names them, before Accept-Language.
    const arabic = await callRoute(listPresets, '/api/presets', { headers: { cookie: `${bob.cookie}; NEXT_LOCALE=ar`, 'accept-language': 'fr' } });
    expect(arabic.json.data.map((p: { name: string }) => p.name)).toEqual(Object.values(ar.Presets.starters));
    expect(arabic.json.data[0].name).toBe('أفضل فيديو');

    // Deleted, they do not come back.
    for (const preset of arabic.json.data) {
      expect((await callRoute(deletePreset, `/api/presets/${preset.id}`, { method: 'DELETE', headers: { cookie: bob.cookie }, params: { id: preset.id } })).status).toBe(200);
    }
    expect((await callRoute(listPresets, '/api/presets?locale=ar', { headers: { cookie: bob.cookie } })).json.data).toEqual([]);
  });

  it('CRUD answers only its owner; a taken name is 409; a bad body is 400; a token reads with the download scope', async () => {
    const ada = await signUp('ada-crud@example.com');
    const eve = await signUp('eve-crud@example.com');
    const made = await callRoute(createPreset, '/api/presets', { body: { name: 'Clips', format: 'webm', quality: '720p', isDefault: true }, headers: { cookie: ada.cookie } });
    expect(made.status).toBe(201);
    expect(made.json.data).toMatchObject({ name: 'Clips', format: 'webm', quality: '720p', isDefault: true, subs: null });
    const id = made.json.data.id as string;

    const taken = await callRoute(createPreset, '/api/presets', { body: { name: 'clips' }, headers: { cookie: ada.cookie } });
    expect([taken.status, taken.json.code]).toEqual([409, 'preset_name_taken']);
    const bad = await callRoute(createPreset, '/api/presets', { body: { name: 'X', format: 'avi' }, headers: { cookie: ada.cookie } });
    expect([bad.status, bad.json.code]).toEqual([400, 'invalid_request']);

    const renamed = await callRoute(patchPreset, `/api/presets/${id}`, { method: 'PATCH', body: { name: 'Short clips', subs: 'en' }, headers: { cookie: ada.cookie }, params: { id } });
    expect(renamed.json.data).toMatchObject({ name: 'Short clips', subs: 'en', isDefault: true });
    for (const call of [
      callRoute(patchPreset, `/api/presets/${id}`, { method: 'PATCH', body: { name: 'Mine' }, headers: { cookie: eve.cookie }, params: { id } }),
      callRoute(deletePreset, `/api/presets/${id}`, { method: 'DELETE', headers: { cookie: eve.cookie }, params: { id } }),
    ]) expect((await call).status).toBe(404);
    const eves = (await callRoute(listPresets, '/api/presets', { headers: { cookie: eve.cookie } })).json.data as Array<{ id: string }>;
    expect(eves.map((p) => p.id)).not.toContain(id);

    const reader = await tokenFor(ada.cookie, ['download']);
    const viaToken = await callRoute(listPresets, '/api/presets', { headers: bearer(reader) });
    expect(viaToken.json.data.map((p: { name: string }) => p.name)).toContain('Short clips');
    const analyzeOnly = await tokenFor(ada.cookie, ['analyze']);
    expect((await callRoute(listPresets, '/api/presets', { headers: bearer(analyzeOnly) })).json.code).toBe('token_scope');
    expect((await callRoute(createPreset, '/api/presets', { body: { name: 'Via token' }, headers: bearer(reader) })).status).toBe(403);
    expect((await callRoute(listPresets, '/api/presets')).status).toBe(401);
  });

  it("preset= on POST /api/media/download takes the token user's preset; options sent beside it win", async () => {
    const ada = await signUp('ada-download@example.com');
    const token = await tokenFor(ada.cookie, ['download']);
    await callRoute(createPreset, '/api/presets', { body: { name: 'Speech', format: 'mp3', audioBitrate: '128k' }, headers: { cookie: ada.cookie } });

    const small = await download({ url: at('/hls/master.m3u8?preset=1'), preset: '720p (small)' }, bearer(token));
    expect(small.progress).toMatchObject({ status: 'ready' });
    expect(small.progress!.downloadUrl).toContain('itag=mp4-720&ext=mp4');
    const lower = await download({ url: at('/hls/master.m3u8?preset=1'), preset: '720P (SMALL)', quality: '360p' }, bearer(token));
    expect(lower.progress!.downloadUrl).toContain('itag=mp4-360&ext=mp4');

    const speech = await download({ url: at('/video.mp4'), preset: 'speech' }, bearer(token));
    expect(speech.progress!.downloadUrl).toContain('itag=mp3-128&ext=mp3');
    const url = new URL(speech.progress!.downloadUrl!, 'http://localhost');
    const file = await requestDownload(url.pathname.split('/').pop()!, url.searchParams.get('itag')!, { ext: 'mp3' });
    const saved = path.join(env.root, 'preset-128.mp3');
    await writeFile(saved, await bodyOf(file));
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,bit_rate', '-of', 'json', saved], { encoding: 'utf8' })) as {
      streams: Array<{ codec_type: string; codec_name: string; bit_rate: string }>;
    };
    const audio = probe.streams.filter((stream) => stream.codec_type === 'audio');
    expect(audio).toHaveLength(1);
    expect(audio[0].codec_name).toBe('mp3');
    expect(Number(audio[0].bit_rate)).toBe(128_000);

    const m4a = await download({ url: at('/video.mp4'), preset: 'Speech', format: 'm4a' }, bearer(token));
    expect(m4a.progress!.downloadUrl).toContain('ext=m4a');
  }, 180_000);

  it('an unknown preset, or another user’s, is 400 preset_unknown, said in English and Arabic', async () => {
    const ada = await signUp('ada-unknown@example.com');
    const eve = await signUp('eve-unknown@example.com');
    await callRoute(createPreset, '/api/presets', { body: { name: 'Ada only' }, headers: { cookie: ada.cookie } });
    const eveToken = await tokenFor(eve.cookie, ['download', 'bulk']);
    for (const [body, headers] of [
      [{ url: at('/video.mp4'), preset: 'Ada only' }, bearer(eveToken)],
      [{ url: at('/video.mp4'), preset: 'Nope' }, { cookie: ada.cookie }],
      [{ url: at('/video.mp4'), preset: 'Best video' }, {}],
    ] as const) {
      const answer = await download(body, headers);
      expect([answer.status, answer.code], JSON.stringify(body)).toEqual([400, 'preset_unknown']);
    }
    const bulk = await callRoute(startBulk, '/api/bulk', { body: { urls: [at('/video.mp4')], preset: 'Ada only' }, headers: bearer(eveToken) });
    expect([bulk.status, bulk.json.code]).toEqual([400, 'preset_unknown']);
    expect(en.Errors.preset_unknown).toBeTruthy();
    expect(ar.Errors.preset_unknown).toMatch(/[\u0600-\u06FF]/);
  });

  it('preset= on POST /api/bulk sets the batch’s quality and format; one a batch cannot make is refused unless a format is sent', async () => {
    const ada = await signUp('ada-bulk-preset@example.com');
    const headers = { cookie: ada.cookie };
    const batchOf = async (body: object) => {
      const started = await callRoute(startBulk, '/api/bulk', { body, headers });
      if (started.status !== 200) return { status: started.status, code: started.json.code as string };
      const { batchId } = started.json.data;
      // Followed to its end, so no item outlives the test's store.
      for (let i = 0; i < 600; i++) {
        const batch = (await callRoute(readBatch, `/api/bulk/${batchId}`, { headers, params: { batchId } })).json.data;
        if (batch.done) return { status: 200, batch };
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('batch never finished');
    };
    expect((await batchOf({ urls: [at('/video.mp4')], preset: 'Audio MP3 320k' })).batch).toMatchObject({ quality: '1080p', format: 'mp3' });
    // "Best video" is above bulk's highest quality: the batch takes 1080p; the quality sent wins.
    expect((await batchOf({ urls: [at('/video.mp4')], preset: 'Best video' })).batch).toMatchObject({ quality: '1080p', format: 'mp4' });
    expect((await batchOf({ urls: [at('/video.mp4')], preset: '720p (small)', quality: '360p' })).batch).toMatchObject({ quality: '360p', format: 'mp4' });
    expect(await batchOf({ urls: [at('/video.mp4')], preset: 'Audio M4A' })).toEqual({ status: 400, code: 'preset_unsupported' });
    expect((await batchOf({ urls: [at('/video.mp4')], preset: 'Audio M4A', format: 'webm' })).batch).toMatchObject({ format: 'webm' });
  }, 120_000);
});
