import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { GET as info, POST as cobalt } from '@/app/api/cobalt/route';
import { GET as tunnelGet } from '@/app/api/cobalt/tunnel/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { forgetJwtKey } from '@/lib/http/server-secret';
import { analyzeMedia } from '@/lib/media/analyze';
import { screenSources, screenThumbnails } from '@/lib/media/analyze/screen-sources';
import { firstStream } from '@/lib/media/ffmpeg';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import type { YtdlpInfo } from '@/lib/media/ytdlp/types';
import { bodyOf, probeBody, startDownloadEnv } from './download.testkit';

/**
 * The cobalt-compatible API with requests recorded in the shapes cobalt's clients send (test/fixtures/
 * cobalt-requests): each goes through POST /api/cobalt/ as it is, the answer is checked against cobalt's response
 * kinds, and every link it hands out is fetched the way those clients do (no key) and the file probed.
 */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let token: string;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  forgetJwtKey();
  await callRoute(register, '/api/auth/register', { body: { email: 'bot@example.com', password: 'correct horse' } });
  const session = (await callRoute(login, '/api/auth/login', { body: { email: 'bot@example.com', password: 'correct horse' } })).json.data;
  token = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie: `gl_access=${session.accessToken}` } })).json.data.token;
}, 120_000);
afterAll(() => env?.close());

type Recorded = { headers: Record<string, string>; body: Record<string, unknown> };
const fill = (text: string) => text.replaceAll('{{origin}}', env.site.origin).replaceAll('{{token}}', token);
const recorded = (name: string): Recorded =>
  JSON.parse(fill(readFileSync(path.join(process.cwd(), 'test', 'fixtures', 'cobalt-requests', `${name}.json`), 'utf8')));
const ytdlpInfo = (name: string): YtdlpInfo =>
  JSON.parse(fill(readFileSync(path.join(process.cwd(), 'test', 'fixtures', 'ytdlp-info', `${name}.json`), 'utf8')));

/** POSTs to the cobalt route at its trailing-slash path, as clients configured with an instance URL do. */
async function send({ headers, body }: Recorded) {
  const req = new NextRequest('http://localhost/api/cobalt/', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const res = await cobalt(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

/** Fetches a link from an answer without any credential, as a shortcut or a bot does. */
async function fetchLink(url: string): Promise<Response> {
  const link = new URL(url);
  expect(link.pathname).toBe('/api/cobalt/tunnel');
  return tunnelGet(new NextRequest(link), { params: Promise.resolve({}) });
}

async function probeLink(url: string, name: string) {
  const res = await fetchLink(url);
  expect(res.status, `${name}: ${res.status}`).toBe(200);
  return probeBody(env.root, name, await bodyOf(res));
}

/** A post's analysis as the yt-dlp engine would make it, cached under the key the API's own analysis uses. */
async function cachePost(url: string, name: string) {
  const extraction = async () => screenThumbnails(await screenSources(mapYtdlpInfo(ytdlpInfo(name), 'twitter')));
  await analyzeMedia(url, { engine: 'auto' }, { native: extraction, ytdlp: extraction });
}

describe('POST /api/cobalt/ with recorded client requests', () => {
  it('an iOS shortcut (Api-Key, max quality, pretty names): a tunnel to the best MP4, fetched without the key', async () => {
    const res = await send(recorded('ios-shortcut'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/ \(720p, generic\)\.mp4$/) });
    expect(res.headers.get('ratelimit-remaining')).toBe('99');
    const probe = await probeLink(res.json.url, 'shortcut');
    expect(probe.formatName).toMatch(/mp4/);
    expect(firstStream(probe, 'video')).toMatchObject({ codecName: 'h264', height: 720 });
    expect(firstStream(probe, 'audio')?.codecName).toBe('aac');
  }, 120_000);

  it('a chat bot asking for audio (Bearer, MP3 320): a tunnel to an MP3 at 320 kbit/s', async () => {
    const res = await send(recorded('discord-bot-audio'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'tunnel', filename: 'video (audio).mp3' });
    const link = await fetchLink(res.json.url);
    const probe = await probeBody(env.root, 'bot-audio', await bodyOf(link));
    expect(firstStream(probe, 'video')).toBeUndefined();
    expect(firstStream(probe, 'audio')?.codecName).toBe('mp3');
    const { stdout } = await import('node:child_process').then(({ execFileSync }) => ({
      stdout: execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=bit_rate', '-of', 'csv=p=0', path.join(env.root, 'bot-audio')]).toString(),
    }));
    expect(Number(stdout.trim())).toBe(320_000);
  }, 120_000);

  it('a post of two videos: a picker of tunnels at the wanted height, each with its thumbnail', async () => {
    await cachePost('https://x.com/NASA/status/1991234567890123456', 'x-multi-video');
    const res = await send(recorded('picker-post'));
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('picker');
    expect(res.json.audio).toBeUndefined();
    expect(res.json.picker).toHaveLength(2);
    for (const [index, item] of (res.json.picker as { type: string; url: string; thumb: string }[]).entries()) {
      expect(item.type).toBe('video');
      expect(new URL(item.thumb).pathname).toBe('/api/thumbnail');
      const probe = await probeLink(item.url, `picker-${index}`);
      expect(firstStream(probe, 'video')).toMatchObject({ codecName: 'h264', height: 720 });
      expect(firstStream(probe, 'audio')?.codecName).toBe('aac');
    }
  }, 120_000);

  it('a photo slideshow: a picker of its photos, its sound as audio', async () => {
    const url = 'https://www.tiktok.com/@alpinedays/photo/7439120345678901234';
    const extraction = async () => screenThumbnails(await screenSources(mapYtdlpInfo(ytdlpInfo('tiktok-slideshow'), 'tiktok')));
    await analyzeMedia(url, { engine: 'auto' }, { native: extraction, ytdlp: extraction });
    const request = recorded('picker-post');
    const res = await send({ ...request, body: { ...request.body, url, filenameStyle: 'classic' } });
    expect(res.json.status).toBe('picker');
    expect(res.json.picker.map((item: { type: string }) => item.type)).toEqual(['photo', 'photo', 'photo']);
    expect(res.json.audioFilename).toBe('tiktok_7439120345678901234_audio.mp3');
    const photo = await fetchLink(res.json.picker[2].url);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    await bodyOf(photo);
    const sound = await probeLink(res.json.audio, 'slideshow-sound');
    expect(firstStream(sound, 'audio')?.codecName).toBe('mp3');
  }, 120_000);

  it('mute, always through the proxy: the video without its sound', async () => {
    const res = await send(recorded('mute-proxy'));
    expect(res.json).toMatchObject({ status: 'tunnel', filename: expect.stringMatching(/^generic_.+_720p_mute\.mp4$/) });
    const probe = await probeLink(res.json.url, 'mute');
    expect(firstStream(probe, 'video')).toMatchObject({ codecName: 'h264', height: 720 });
    expect(firstStream(probe, 'audio')).toBeUndefined();
    expect(Math.abs(probe.duration - 6)).toBeLessThanOrEqual(0.2);
  }, 120_000);

  it('a direct file link without alwaysProxy: a redirect to that same file', async () => {
    const request = recorded('mute-proxy');
    const res = await send({ ...request, body: { url: `${env.site.origin}/video.mp4`, downloadMode: 'auto' } });
    expect(res.json).toEqual({ status: 'redirect', url: `${env.site.origin}/video.mp4`, filename: expect.stringMatching(/_720p\.mp4$/) });
  });
});

describe('POST /api/cobalt/ failures, in cobalt\'s error shape', () => {
  const base = () => recorded('ios-shortcut');

  it('asks for JSON both ways, like cobalt', async () => {
    const noAccept = base();
    delete noAccept.headers.Accept;
    expect((await send(noAccept)).json).toEqual({ status: 'error', error: { code: 'error.api.header.accept' } });
    const form = base();
    form.headers['Content-Type'] = 'application/x-www-form-urlencoded';
    expect((await send(form)).json).toEqual({ status: 'error', error: { code: 'error.api.header.content_type' } });
    const broken = { ...base(), body: '{"url":' as unknown as Record<string, unknown> };
    expect((await send(broken)).json.error.code).toBe('error.api.invalid_body');
    const badField = base();
    badField.body.downloadMode = 'video-only';
    const bad = await send(badField);
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('error.api.invalid_body');
  });

  it('maps a link that is no link, and a missing one, to error.api.link.invalid', async () => {
    for (const url of ['Look at this', undefined]) {
      const request = base();
      request.body.url = url;
      const res = await send(request);
      expect(res.json).toMatchObject({ status: 'error', error: { code: 'error.api.link.invalid' } });
    }
  });

  it('tells a missing file apart from a wrong key', async () => {
    const gone = base();
    gone.body.url = `${env.site.origin}/missing.mp4`;
    const res = await send(gone);
    expect(res.json.status).toBe('error');
    expect(res.json.error.code).toMatch(/^error\.api\.(fetch\.fail|fetch\.empty|content\.post\.unavailable)$/);
    const wrongKey = base();
    wrongKey.headers.Authorization = 'Api-Key gl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const refused = await send(wrongKey);
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ status: 'error', error: { code: 'error.api.auth.key.invalid' } });
  });

  it('needs a key when the server is for signed-in users only', async () => {
    process.env.ANON_ACCESS = 'off';
    try {
      const anonymous = base();
      delete anonymous.headers.Authorization;
      const res = await send(anonymous);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ status: 'error', error: { code: 'error.api.auth.key.missing' } });
      // the tunnel a keyed request got still opens without the key: it is signed
      const keyed = await send(recorded('mute-proxy'));
      expect((await fetchLink(keyed.json.url)).status).toBe(200);
    } finally {
      delete process.env.ANON_ACCESS;
    }
  }, 60_000);

  it('counts against the public API\'s daily limit and says how long to wait', async () => {
    process.env.API_DAILY_LIMIT = '1';
    try {
      const res = await send(base());
      expect(res.status).toBe(429);
      expect(res.json.status).toBe('error');
      expect(res.json.error.code).toBe('error.api.rate_exceeded');
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      delete process.env.API_DAILY_LIMIT;
    }
  });

  it('refuses a tunnel link whose signature or expiry was changed', async () => {
    const res = await send(recorded('mute-proxy'));
    const link = new URL(res.json.url);
    link.searchParams.set('itag', 'mp4-360');
    expect((await fetchLink(link.href)).status).toBe(404);
    const later = new URL(res.json.url);
    later.searchParams.set('exp', String(Number(later.searchParams.get('exp')) + 3600));
    expect((await fetchLink(later.href)).status).toBe(404);
  });
});

describe('GET /api/cobalt/', () => {
  it('answers cobalt\'s instance info: version 10, where to send requests, the platforms on', async () => {
    process.env.PLATFORMS_DISABLED = 'tiktok';
    try {
      const res = await info(new NextRequest('http://grab.example/api/cobalt/', { headers: { host: 'grab.example' } }), { params: Promise.resolve({}) });
      const body = await res.json();
      expect(body.cobalt).toMatchObject({ version: expect.stringMatching(/^10\./), url: 'http://grab.example/api/cobalt/', durationLimit: 10_800 });
      expect(body.cobalt.services).toEqual(['youtube', 'instagram', 'facebook', 'twitter']);
      expect(Number(body.cobalt.startTime)).toBeLessThanOrEqual(Date.now());
      expect(body.git).toEqual({ commit: expect.any(String), branch: expect.any(String), remote: expect.any(String) });
    } finally {
      delete process.env.PLATFORMS_DISABLED;
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the cobalt-compatible API in cobalt\'s own shapes, with both key schemes', () => {
    const doc = buildOpenApiDocument('http://localhost:3000') as unknown as {
      paths: Record<string, Record<string, { security: object[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }>; anyOf?: unknown[] }> };
    };
    const post = doc.paths['/api/cobalt/'].post;
    expect(post.security).toEqual([{ cobaltApiKey: [] }, { bearerAuth: [] }, {}]);
    expect(post.responses['200'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/CobaltResponse' });
    expect(doc.paths['/api/cobalt/'].get).toBeDefined();
    expect(doc.paths['/api/cobalt/tunnel'].get).toBeDefined();
    const { CobaltRequest, CobaltResponse } = doc.components.schemas;
    expect(CobaltRequest.properties!.downloadMode.enum).toEqual(['auto', 'audio', 'mute']);
    expect(CobaltResponse.anyOf).toHaveLength(3);
  });
});
