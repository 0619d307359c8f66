import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { DELETE as removeCookies, PUT as putCookies } from '@/app/api/settings/cookies/[platform]/route';
import { GET as listCookies } from '@/app/api/settings/cookies/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';

const FAR = Math.floor(Date.now() / 1000) + 86_400 * 30;
const NEAR = Math.floor(Date.now() / 1000) + 86_400 * 3;
const FILE = [
  '# Netscape HTTP Cookie File',
  `.instagram.com\tTRUE\t/\tTRUE\t${FAR}\tsessionid\tig-secret-value`,
  `.instagram.com\tTRUE\t/\tTRUE\t${NEAR}\tcsrftoken\tig-csrf-value`,
  `.facebook.com\tTRUE\t/\tTRUE\t${FAR}\tc_user\tfb-secret-value`,
].join('\n');

describe.each(appStores())('the platform cookies API on $name', ({ open }) => {
  let close: () => Promise<void>;
  const signIn = async (email: string) => {
    const credentials = { email, password: 'correct horse' };
    await callRoute(register, '/api/auth/register', { body: credentials });
    const session = (await callRoute(login, '/api/auth/login', { body: credentials })).json.data;
    return { cookie: `gl_access=${session.accessToken}`, origin: 'http://localhost' };
  };
  const put = (headers: Record<string, string>, platform: string, body: unknown) =>
    callRoute(putCookies, `/api/settings/cookies/${platform}`, { method: 'PUT', body, headers, params: { platform } });
  const list = (headers: Record<string, string>) => callRoute(listCookies, '/api/settings/cookies', { headers });
  const remove = (headers: Record<string, string>, platform: string) =>
    callRoute(removeCookies, `/api/settings/cookies/${platform}`, { method: 'DELETE', headers, params: { platform } });

  beforeEach(async () => {
    close = await open();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('adds, shows only the summary and removes; another user sees nothing of it', async () => {
    const ada = await signIn('ada@example.com');
    const bob = await signIn('bob@example.com');
    const added = await put(ada, 'instagram', { text: FILE });
    expect(added.status).toBe(200);
    expect(added.json.data).toEqual({
      platform: 'instagram', addedAt: expect.any(String), count: 2, earliestExpiry: new Date(NEAR * 1000).toISOString(),
    });
    const listed = await list(ada);
    expect(listed.json.data).toEqual([added.json.data]);
    expect(JSON.stringify(listed.json) + JSON.stringify(added.json)).not.toMatch(/secret|csrf-value|sessionid/);
    expect((await list(bob)).json.data).toEqual([]);
    expect((await remove(bob, 'instagram')).status).toBe(404);
    const raw = JSON.stringify(await (await getDb()).query('SELECT * FROM user_cookies'));
    expect(raw).not.toMatch(/secret|sessionid|instagram\.com/);
    expect((await remove(ada, 'instagram')).json).toEqual({ success: true, data: null });
    expect((await list(ada)).json.data).toEqual([]);
  });

  it('refuses a bad file with a stable code, an unknown platform, and anonymous callers', async () => {
    const ada = await signIn('ada@example.com');
    expect((await put(ada, 'youtube', { text: '{"cookies": []}' })).json).toMatchObject({ success: false, code: 'cookies_not_netscape' });
    expect((await put(ada, 'youtube', { text: FILE })).json).toMatchObject({ success: false, code: 'cookies_none_for_platform' });
    const big = `# Netscape HTTP Cookie File\n${'.youtube.com\tTRUE\t/\tTRUE\t0\tSID\tv\n'.repeat(8000)}`;
    const tooLarge = await put(ada, 'youtube', { text: big });
    expect([tooLarge.status, tooLarge.json.code]).toEqual([413, 'cookies_too_large']);
    expect((await put(ada, 'myspace', { text: FILE })).status).toBe(404);
    expect((await put(ada, 'youtube', { nope: 1 })).json.code).toBe('invalid_request');
    expect((await put({}, 'instagram', { text: FILE })).status).toBe(401);
    expect((await list({})).status).toBe(401);
    expect((await list(ada)).json.data).toEqual([]);
  });

  it('does not exist with USER_COOKIES=off', async () => {
    const ada = await signIn('ada@example.com');
    expect((await put(ada, 'instagram', { text: FILE })).status).toBe(200);
    vi.stubEnv('USER_COOKIES', 'off');
    expect((await list(ada)).status).toBe(404);
    expect((await put(ada, 'instagram', { text: FILE })).status).toBe(404);
    expect((await remove(ada, 'instagram')).status).toBe(404);
    vi.stubEnv('USER_COOKIES', 'on');
    expect((await list(ada)).json.data).toHaveLength(1);
  });
});
