import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as register } from '@/app/api/auth/register/route';
import { GET as tokenInfo, POST as issueToken } from '@/app/api/settings/token/route';
import { getApiTokenInfo } from '@/lib/auth/api-tokens';
import { getUser } from '@/lib/auth/session';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { route } from '@/lib/server';

// Stands in for /api/media/*: answers who the wrapper says is calling.
const whoami = route({ auth: 'api', quota: { kind: 'api' } }, ({ caller }) => ({ caller: caller.credential }));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(appStores())('API tokens on $name', ({ open }) => {
  let close: () => Promise<void>;
  let cookie: string;
  let userId: string;
  beforeEach(async () => {
    close = await open();
    await callRoute(register, '/api/auth/register', { body: { email: 'ada@example.com', password: 'correct horse' } });
    const session = (await callRoute(login, '/api/auth/login', { body: { email: 'ada@example.com', password: 'correct horse' } })).json.data;
    cookie = `gl_access=${session.accessToken}`;
    userId = session.user.id;
  });
  afterEach(async () => close());

  const issue = () => callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie } });

  it('issues a gl_ token shown once and stores only its hash', async () => {
    const res = await issue();
    expect(res.status).toBe(200);
    const { token, prefix, createdAt } = res.json.data;
    expect(token).toMatch(/^gl_[\w-]{32}$/);
    expect(prefix).toBe(token.slice(0, 9));
    expect(Date.parse(createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const rows = await (await getDb()).query<Record<string, unknown>>('SELECT * FROM api_tokens');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const info = await callRoute(tokenInfo, '/api/settings/token', { headers: { cookie } });
    expect(info.json.data).toEqual({ prefix, createdAt, lastUsedAt: null });
  });

  it('authenticates the media API with the token, and records its use', async () => {
    const { token } = (await issue()).json.data;
    const res = await callRoute(whoami, '/api/media/analyze', { headers: bearer(token) });
    expect(res.json.data.caller).toEqual({ user: { id: userId, email: 'ada@example.com' }, via: 'api_token', role: 'member',
      // The settings page's token: every scope, the account's own limits.
      token: { id: expect.stringMatching(/^tok_/), scopes: ['analyze', 'download', 'bulk', 'history:read'], dailyLimit: null },
    });
    expect((await getApiTokenInfo(await getDb(), userId))!.lastUsedAt).not.toBeNull();
  });

  it('revokes the previous token when a new one is issued', async () => {
    const first = (await issue()).json.data.token;
    const second = (await issue()).json.data.token;
    const old = await callRoute(whoami, '/api/media/analyze', { headers: bearer(first) });
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ code: 'unauthorized', error: 'This API token is not valid. Generate a new one in Settings.' });
    expect((await callRoute(whoami, '/api/media/analyze', { headers: bearer(second) })).json.data.caller.via).toBe('api_token');
    expect((await getApiTokenInfo(await getDb(), userId))!.prefix).toBe(second.slice(0, 9));
  });

  it('refuses a made-up token', async () => {
    const res = await callRoute(whoami, '/api/media/analyze', { headers: bearer(`gl_${'A'.repeat(32)}`) });
    expect(res.status).toBe(401);
  });

  it('lets anonymous callers through as anonymous', async () => {
    expect((await callRoute(whoami, '/api/media/analyze')).json.data.caller).toBeNull();
  });

  it('keeps account endpoints for real sessions: a token cannot mint tokens or pass for a sign-in', async () => {
    const { token } = (await issue()).json.data;
    const mint = await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: bearer(token) });
    expect(mint.status).toBe(403);
    expect(mint.json.code).toBe('forbidden');
    expect((await callRoute(me, '/api/auth/me', { headers: bearer(token) })).status).toBe(403);
    const req = new NextRequest('http://localhost/x', { headers: bearer(token) });
    expect(await getUser(getDb, req)).toBeNull();
    expect(await getUser(getDb, req, { allowApiToken: true })).toEqual({ id: userId, email: 'ada@example.com' });
  });

  it('needs a signed-in user to issue a token', async () => {
    const res = await callRoute(issueToken, '/api/settings/token', { method: 'POST' });
    expect(res.json).toEqual({ success: false, error: 'Sign in to continue', code: 'unauthorized' });
  });
});
