import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as analyze } from '@/app/api/analyze/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { POST as refresh } from '@/app/api/auth/refresh/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as bulk } from '@/app/api/bulk/route';
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
