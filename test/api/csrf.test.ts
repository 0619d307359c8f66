import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as analyze } from '@/app/api/analyze/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { POST as refresh } from '@/app/api/auth/refresh/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as createToken } from '@/app/api/auth/tokens/route';
import { POST as bulk } from '@/app/api/bulk/route';
import { POST as cobalt } from '@/app/api/cobalt/route';
import { DELETE as deleteEntry } from '@/app/api/history/[id]/route';
import { POST as redownload } from '@/app/api/history/[id]/redownload/route';
import { DELETE as clearHistory, GET as history } from '@/app/api/history/route';
import { POST as mediaAnalyze } from '@/app/api/media/analyze/route';
import { POST as mediaDownload } from '@/app/api/media/download/route';
import { POST as markRead } from '@/app/api/notifications/read/route';
import { PATCH as patchSettings } from '@/app/api/settings/route';
import { GET as tokenInfo, POST as issueToken } from '@/app/api/settings/token/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';

type Handler = Parameters<typeof callRoute>[0];

/** Every route that changes state, as a browser on another site would call it with the visitor's cookies. */
const MUTATIONS: [string, Handler, string, string, unknown?, object?][] = [
  ['register', register as Handler, 'POST', '/api/auth/register', { email: 'eve@example.com', password: 'correct horse' }],
  ['login', login as Handler, 'POST', '/api/auth/login', { email: 'ada@example.com', password: 'correct horse' }],
  ['refresh', refresh as Handler, 'POST', '/api/auth/refresh'],
  ['logout', logout as Handler, 'POST', '/api/auth/logout'],
  ['analyze', analyze as Handler, 'POST', '/api/analyze', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
  ['bulk', bulk as Handler, 'POST', '/api/bulk', { urls: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] }],
  ['media analyze', mediaAnalyze as Handler, 'POST', '/api/media/analyze', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
  ['media download', mediaDownload as Handler, 'POST', '/api/media/download', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
  ['settings', patchSettings as Handler, 'PATCH', '/api/settings', { defaultQuality: '720p' }],
  ['new token', issueToken as Handler, 'POST', '/api/settings/token'],
  ['clear history', clearHistory as Handler, 'DELETE', '/api/history'],
  ['delete entry', deleteEntry as Handler, 'DELETE', '/api/history/h1', undefined, { id: 'h1' }],
  ['redownload', redownload as Handler, 'POST', '/api/history/h1/redownload', undefined, { id: 'h1' }],
  ['notifications read', markRead as Handler, 'POST', '/api/notifications/read'],
];

describe.each(appStores())('cross-site requests on $name', ({ open }) => {
  let close: () => Promise<void>;
  let cookie: string;
  beforeEach(async () => {
    close = await open();
    const credentials = { email: 'ada@example.com', password: 'correct horse' };
    await callRoute(register, '/api/auth/register', { body: credentials });
    const session = await callRoute(login, '/api/auth/login', { body: credentials });
    cookie = `gl_access=${session.json.data.accessToken}; gl_refresh=${session.json.data.refreshToken}`;
  });
  afterEach(async () => close());

  it.each(MUTATIONS)('refuses %s from a foreign origin with the session cookie (403 csrf)', async (_name, handler, method, url, body, params) => {
    const attempts: Record<string, string>[] = [
      { cookie, origin: 'https://evil.example', 'content-type': 'text/plain' },
      { cookie, origin: 'https://sub.localhost' },
      { cookie, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const res = await callRoute(handler, url, { method, body, params, headers });
      expect([res.status, res.json.code]).toEqual([403, 'csrf']);
    }
  });

  it('left the account as it was: same token, same session', async () => {
    const before = (await callRoute(tokenInfo, '/api/settings/token', { headers: { cookie } })).json.data;
    for (const [, handler, method, url, body, params] of MUTATIONS) {
      await callRoute(handler, url, { method, body, params, headers: { cookie, origin: 'https://evil.example' } });
    }
    expect((await callRoute(tokenInfo, '/api/settings/token', { headers: { cookie } })).json.data).toEqual(before);
    expect((await callRoute(history, '/api/history', { headers: { cookie } })).status).toBe(200);
  });

  it('lets the same requests through from our own pages', async () => {
    const own = { cookie, origin: 'http://localhost' };
    expect((await callRoute(patchSettings, '/api/settings', { method: 'PATCH', body: { defaultQuality: '720p' }, headers: own })).status).toBe(200);
    expect((await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: own })).status).toBe(200);
    expect((await callRoute(markRead, '/api/notifications/read', { method: 'POST', headers: own })).status).toBe(200);
    expect((await callRoute(logout, '/api/auth/logout', { method: 'POST', headers: own })).status).toBe(200);
  });
});

describe.each(appStores())('cross-site requests without a session, or with another credential, on $name', ({ open }) => {
  let close: () => Promise<void>;
  let cookie: string;
  const credentials = { email: 'ada@example.com', password: 'correct horse' };
  const foreign: Record<string, string>[] = [
    { origin: 'https://evil.example', 'content-type': 'text/plain' },
    { origin: 'https://sub.localhost' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'null' },
  ];
  beforeEach(async () => {
    close = await open();
    await callRoute(register, '/api/auth/register', { body: credentials });
    cookie = `gl_access=${(await callRoute(login, '/api/auth/login', { body: credentials })).json.data.accessToken}`;
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });
  const scoped = async (scopes: string[]) =>
    (await callRoute(createToken, '/api/auth/tokens', { body: { name: scopes.join(' '), scopes }, headers: { cookie } })).json.data.token as string;

  it.each([
    ['login', login as Handler, '/api/auth/login', credentials],
    ['register', register as Handler, '/api/auth/register', { email: 'eve@example.com', password: 'correct horse' }],
    ['refresh', refresh as Handler, '/api/auth/refresh', {}],
    ['logout', logout as Handler, '/api/auth/logout', undefined],
  ] as const)('refuses %s from another site with no cookie at all: no session is started or ended', async (_name, handler, url, body) => {
    for (const headers of foreign) {
      const res = await callRoute(handler, url, { method: 'POST', body, headers });
      expect([res.status, res.json.code], JSON.stringify(headers)).toEqual([403, 'csrf']);
      expect(res.cookies).toEqual({});
    }
  });

  it('refuses a change from another site that carries a Basic or a wrong Bearer credential beside the session cookie', async () => {
    const before = (await callRoute(tokenInfo, '/api/settings/token', { headers: { cookie } })).json.data;
    for (const authorization of ['Basic YWRhQGV4YW1wbGUuY29tOmNvcnJlY3QgaG9yc2U=', `Bearer gl_${'A'.repeat(32)}`, 'Bearer', 'Token abc']) {
      for (const site of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
        const headers = { cookie, authorization, ...site };
        const minted = await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers });
        expect([minted.status, minted.json.code], authorization).toEqual([403, 'csrf']);
        const patched = await callRoute(patchSettings, '/api/settings', { method: 'PATCH', body: { defaultQuality: '480p' }, headers });
        expect([patched.status, patched.json.code], authorization).toEqual([403, 'csrf']);
      }
    }
    expect((await callRoute(tokenInfo, '/api/settings/token', { headers: { cookie } })).json.data).toEqual(before);
  });

  it('refuses a valid API token from another site on a route that does not answer other sites (no CORS)', async () => {
    const token = await scoped(['bulk']);
    const res = await callRoute(bulk, '/api/bulk', { body: { urls: ['not a url'] }, headers: { authorization: `Bearer ${token}`, origin: 'https://tools.example' } });
    expect([res.status, res.json.code]).toEqual([403, 'csrf']);
  });

  it('the public API still answers a site API_CORS_ORIGINS lists, with its own API token or as nobody — never in its visitor\'s name', async () => {
    vi.stubEnv('API_CORS_ORIGINS', 'https://tools.example');
    const token = await scoped(['analyze', 'download']);
    const site = { origin: 'https://tools.example' };
    const withToken = await callRoute(mediaAnalyze, '/api/media/analyze', { body: { url: 'not a url' }, headers: { ...site, authorization: `Bearer ${token}` } });
    expect([withToken.status, withToken.json.code]).toEqual([422, 'invalid_url']);
    expect(withToken.headers.get('access-control-allow-origin')).toBe('https://tools.example');
    const cobaltKey = await cobalt(new NextRequest('http://localhost/api/cobalt/', {
      method: 'POST', body: JSON.stringify({ url: 'not a url' }),
      headers: { ...site, authorization: `Api-Key ${token}`, accept: 'application/json', 'content-type': 'application/json' },
    }), { params: Promise.resolve({}) });
    expect(cobaltKey.status).toBe(422);
    expect((await cobaltKey.json()).error.code).toBe('error.api.link.invalid');

    // No credential at all: an anonymous caller, as the operator opened the API to that site.
    const anonymous = await callRoute(mediaAnalyze, '/api/media/analyze', { body: { url: 'not a url' }, headers: site });
    expect([anonymous.status, anonymous.json.code]).toEqual([422, 'invalid_url']);
    // A site the list does not name gets nothing without a token.
    const stranger = await callRoute(mediaAnalyze, '/api/media/analyze', { body: { url: 'not a url' }, headers: { origin: 'https://evil.example' } });
    expect([stranger.status, stranger.json.code]).toEqual([403, 'csrf']);
    // The browser sent our session cookie along: that would act as the visitor.
    const withCookie = await callRoute(mediaAnalyze, '/api/media/analyze', { body: { url: 'not a url' }, headers: { ...site, cookie } });
    expect([withCookie.status, withCookie.json.code]).toEqual([403, 'csrf']);
    const wrong = await callRoute(mediaAnalyze, '/api/media/analyze', { body: { url: 'not a url' }, headers: { ...site, cookie, authorization: 'Basic eDp5' } });
    expect([wrong.status, wrong.json.code]).toEqual([403, 'csrf']);
  });

  it('answers a JSON route whose body is not sent as JSON 415 unsupported_media_type, from our own pages too', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
      const res = await callRoute(login, '/api/auth/login', { body: JSON.stringify(credentials), headers: { 'content-type': type, origin: 'http://localhost' } });
      expect([res.status, res.json.code], type).toEqual([415, 'unsupported_media_type']);
      expect(res.cookies).toEqual({});
    }
    const refreshed = await callRoute(refresh, '/api/auth/refresh', { body: JSON.stringify({ refreshToken: 'x' }), headers: { 'content-type': 'text/plain' } });
    expect([refreshed.status, refreshed.json.code]).toEqual([415, 'unsupported_media_type']);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
      const res = await callRoute(login, '/api/auth/login', { body: JSON.stringify(credentials), headers: { 'content-type': type, origin: 'http://localhost' } });
      expect(res.status, type).toBe(200);
    }
    const merge = await callRoute(patchSettings, '/api/settings', {
      method: 'PATCH', body: JSON.stringify({ defaultQuality: '720p' }), headers: { cookie, 'content-type': 'application/merge-patch+json' },
    });
    expect(merge.status).toBe(200);
  });
});
