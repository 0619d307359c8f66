import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as analyzePost } from '@/app/api/analyze/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as bulkPost } from '@/app/api/bulk/route';
import { OPTIONS as mediaAnalyzeOptions, POST as mediaAnalyze } from '@/app/api/media/analyze/route';
import { GET as settingsGet } from '@/app/api/settings/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';

/** The switches an operator of a shared instance turns: anonymous use, platforms, cross-origin API reads. */
let site: FixtureSite;
const [sqlite] = appStores();
let close: () => Promise<void>;
let cookie: string;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => site?.close());
beforeEach(async () => {
  close = await sqlite.open();
  vi.stubEnv('MEDIA_FETCH_ALLOW', `127.0.0.1:${site.port}`);
  await callRoute(register, '/api/auth/register', { body: { email: 'op@example.com', password: 'correct horse' } });
  const session = (await callRoute(login, '/api/auth/login', { body: { email: 'op@example.com', password: 'correct horse' } })).json.data;
  cookie = `gl_access=${session.accessToken}`;
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await close();
});

const analyze = (url: string, headers: Record<string, string> = {}) =>
  callRoute(analyzePost, '/api/analyze', { body: { url, engine: 'native' }, headers });

describe('ANON_ACCESS=off', () => {
  it('refuses anonymous analyses, bulk batches and API calls with sign_in_required, and serves signed-in users', async () => {
    vi.stubEnv('ANON_ACCESS', 'off');
    const anonymous = await analyze(`${site.origin}/video.mp4`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('sign_in_required');
    const bulk = await callRoute(bulkPost, '/api/bulk', { body: { urls: [`${site.origin}/video.mp4`], quality: '720p', format: 'mp4' } });
    expect(bulk.json.code).toBe('sign_in_required');
    expect((await callRoute(mediaAnalyze, '/api/media/analyze', { body: { url: `${site.origin}/video.mp4` } })).json.code).toBe('sign_in_required');
    const signedIn = await analyze(`${site.origin}/video.mp4`, { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.jobId).toBeTruthy();
  });

  it('is on by default', async () => {
    expect((await analyze(`${site.origin}/video.mp4`)).status).toBe(200);
  });
});

describe('PLATFORMS_DISABLED', () => {
  it('refuses a disabled platform with platform_disabled before any work, and leaves the others alone', async () => {
    vi.stubEnv('PLATFORMS_DISABLED', 'tiktok,generic');
    const tiktok = await analyze('https://www.tiktok.com/@someone/video/7234567890123456789');
    expect(tiktok.status).toBe(403);
    expect(tiktok.json).toMatchObject({ code: 'platform_disabled', error: 'Downloads from TikTok are turned off on this server' });
    expect((await analyze(`${site.origin}/video.mp4`)).json.code).toBe('platform_disabled');
    const api = await callRoute(mediaAnalyze, '/api/media/analyze', { body: { url: `${site.origin}/video.mp4` } });
    expect(api.json.code).toBe('platform_disabled');
    vi.stubEnv('PLATFORMS_DISABLED', 'tiktok');
    expect((await analyze(`${site.origin}/video.mp4`)).status).toBe(200);
  });

  it('stops the server at start on an unknown platform name', async () => {
    const { parseConfig, ConfigError } = await import('@/lib/config');
    expect(() => parseConfig({ PLATFORMS_DISABLED: 'tiktok,myspace' })).toThrow(ConfigError);
  });
});

describe('API_CORS_ORIGINS', () => {
  const origin = 'https://tools.example';
  const apiCall = () => callRoute(mediaAnalyze, '/api/media/analyze', { body: { url: 'not a url' }, headers: { origin } });

  it('sends no CORS headers by default', async () => {
    expect((await apiCall()).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('"*" opens the bearer-token API to any origin, never with credentials, and never a cookie route', async () => {
    vi.stubEnv('API_CORS_ORIGINS', '*');
    const res = await apiCall();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
    const settings = await callRoute(settingsGet, '/api/settings', { headers: { origin, cookie } });
    expect(settings.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await mediaAnalyzeOptions(new Request('http://localhost/api/media/analyze', { method: 'OPTIONS', headers: { origin } }));
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('a list admits exactly its origins', async () => {
    vi.stubEnv('API_CORS_ORIGINS', `${origin}, https://other.example`);
    expect((await apiCall()).headers.get('access-control-allow-origin')).toBe(origin);
    const stranger = await callRoute(mediaAnalyze, '/api/media/analyze', { body: {}, headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect(stranger.headers.get('vary')).toContain('Origin');
    const pre = await mediaAnalyzeOptions(new Request('http://localhost/api/media/analyze', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }));
    expect(pre.headers.get('access-control-allow-methods')).toBeNull();
  });
});
