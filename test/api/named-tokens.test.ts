import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE as revoke } from '@/app/api/auth/tokens/[id]/route';
import { GET as list, POST as create } from '@/app/api/auth/tokens/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { GET as history } from '@/app/api/history/route';
import { POST as issueSettingsToken } from '@/app/api/settings/token/route';
import { route } from '@/lib/server';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';

// Stand-ins for the media API and the bulk form: they answer who the wrapper says is calling.
const analyzeLike = route({ auth: 'api', scope: 'analyze', quota: { kind: 'api' } }, ({ caller }) => ({ via: caller.credential?.via ?? null }));
const downloadLike = route({ auth: 'api', scope: 'download', quota: { kind: 'api' } }, ({ caller }) => ({ via: caller.credential?.via ?? null }));
const bulkLike = route({ auth: 'optional', scope: 'bulk' }, ({ user }) => ({ user: user?.email ?? null }));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const password = 'correct horse battery';

describe.each(appStores())('named API tokens with scopes on $name', ({ open }) => {
  let close: () => Promise<void>;
  let cookie: string;
  const make = (body: object, as = cookie) => callRoute(create, '/api/auth/tokens', { body, headers: { cookie: as } });
  beforeEach(async () => {
    close = await open();
    await callRoute(register, '/api/auth/register', { body: { email: 'ada@example.com', password } });
    cookie = `gl_access=${(await callRoute(login, '/api/auth/login', { body: { email: 'ada@example.com', password } })).json.data.accessToken}`;
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('shows a token once; the list shows its name, scopes and last use time, never the token or an address', async () => {
    const made = await make({ name: 'Shortcut', scopes: ['analyze', 'analyze'] });
    expect(made.status).toBe(201);
    const { token, id } = made.json.data;
    expect(token).toMatch(/^gl_[\w-]{32}$/);
    expect(made.json.data).toMatchObject({ name: 'Shortcut', scopes: ['analyze'], expiresAt: null, dailyLimit: null, lastUsedAt: null });

    expect((await callRoute(analyzeLike, '/api/media/analyze', { headers: bearer(token) })).json.data).toEqual({ via: 'api_token' });
    const listed = (await callRoute(list, '/api/auth/tokens', { headers: { cookie } })).json.data;
    expect(listed).toHaveLength(1);
    expect(Object.keys(listed[0]).sort()).toEqual(['createdAt', 'dailyLimit', 'expiresAt', 'id', 'lastUsedAt', 'name', 'prefix', 'scopes']);
    expect(listed[0]).toMatchObject({ id, prefix: token.slice(0, 9), scopes: ['analyze'] });
    expect(Date.parse(listed[0].lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it('refuses what a token has no scope for (403 token_scope); sessions are not limited by scopes', async () => {
    const { token } = (await make({ name: 'Analyse only', scopes: ['analyze'] })).json.data;
    for (const [handler, url] of [[downloadLike, '/api/media/download'], [bulkLike, '/api/bulk'], [history, '/api/history']] as const) {
      const refused = await callRoute(handler, url, { headers: bearer(token) });
      expect(refused.status, url).toBe(403);
      expect(refused.json.code).toBe('token_scope');
    }
    const reader = (await make({ name: 'Reader', scopes: ['history:read', 'bulk'] })).json.data.token;
    expect((await callRoute(history, '/api/history', { headers: bearer(reader) })).status).toBe(200);
    expect((await callRoute(bulkLike, '/api/bulk', { headers: bearer(reader) })).json.data).toEqual({ user: 'ada@example.com' });
    expect((await callRoute(downloadLike, '/api/media/download', { headers: { cookie } })).json.data).toEqual({ via: 'session' });
    expect((await callRoute(history, '/api/history', { headers: { cookie } })).status).toBe(200);
  });

  it("the settings page's token keeps every scope and leaves named tokens alone when it is regenerated", async () => {
    const named = (await make({ name: 'CI', scopes: ['download'] })).json.data.token;
    const first = (await callRoute(issueSettingsToken, '/api/settings/token', { method: 'POST', headers: { cookie } })).json.data.token;
    for (const [handler, url] of [[analyzeLike, '/a'], [downloadLike, '/d'], [bulkLike, '/b'], [history, '/api/history']] as const) {
      expect((await callRoute(handler, url, { headers: bearer(first) })).status, url).toBe(200);
    }
    const second = (await callRoute(issueSettingsToken, '/api/settings/token', { method: 'POST', headers: { cookie } })).json.data.token;
    expect((await callRoute(downloadLike, '/d', { headers: bearer(first) })).status).toBe(401);
    expect((await callRoute(downloadLike, '/d', { headers: bearer(second) })).status).toBe(200);
    expect((await callRoute(downloadLike, '/d', { headers: bearer(named) })).status).toBe(200);
  });

  it('an expired or revoked token stops working; nobody revokes another account’s token', async () => {
    const expiring = (await make({ name: 'Week', scopes: ['download'], expiresInDays: 7 })).json.data;
    expect(Date.parse(expiring.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await callRoute(downloadLike, '/d', { headers: bearer(expiring.token) })).status).toBe(200);
    await (await getDb()).run('UPDATE api_tokens SET expires_at = ? WHERE id = ?', [Date.now() - 1, expiring.id]);
    expect((await callRoute(downloadLike, '/d', { headers: bearer(expiring.token) })).status).toBe(401);
    expect((await callRoute(list, '/api/auth/tokens', { headers: { cookie } })).json.data).toEqual([]);

    const kept = (await make({ name: 'Kept', scopes: ['download'] })).json.data;
    await callRoute(register, '/api/auth/register', { body: { email: 'bob@example.com', password } });
    const bob = `gl_access=${(await callRoute(login, '/api/auth/login', { body: { email: 'bob@example.com', password } })).json.data.accessToken}`;
    const theirs = await callRoute(revoke, `/api/auth/tokens/${kept.id}`, { method: 'DELETE', headers: { cookie: bob }, params: { id: kept.id } });
    expect(theirs.status).toBe(404);
    expect((await callRoute(downloadLike, '/d', { headers: bearer(kept.token) })).status).toBe(200);
    expect((await callRoute(revoke, `/api/auth/tokens/${kept.id}`, { method: 'DELETE', headers: { cookie }, params: { id: kept.id } })).status).toBe(200);
    expect((await callRoute(downloadLike, '/d', { headers: bearer(kept.token) })).status).toBe(401);
  });

  it("counts a token's own daily limit within the account's; another token of the account is unaffected", async () => {
    const tight = (await make({ name: 'Tight', scopes: ['download'], dailyLimit: 2 })).json.data.token;
    const other = (await make({ name: 'Other', scopes: ['download'] })).json.data.token;
    expect((await callRoute(downloadLike, '/d', { headers: bearer(tight) })).status).toBe(200);
    expect((await callRoute(downloadLike, '/d', { headers: bearer(tight) })).status).toBe(200);
    const over = await callRoute(downloadLike, '/d', { headers: bearer(tight) });
    expect(over.status).toBe(429);
    expect(over.json.error).toContain("token's daily limit");
    expect((await callRoute(downloadLike, '/d', { headers: bearer(other) })).status).toBe(200);
  });

  it('needs a session to manage tokens, and validates what it is asked for', async () => {
    const { token } = (await make({ name: 'All', scopes: ['analyze', 'download', 'bulk', 'history:read'] })).json.data;
    expect((await callRoute(list, '/api/auth/tokens', { headers: bearer(token) })).status).toBe(403);
    expect((await callRoute(create, '/api/auth/tokens', { body: { name: 'x', scopes: ['download'] }, headers: bearer(token) })).status).toBe(403);
    for (const body of [{ name: '', scopes: ['download'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['admin'] }, { name: 'x', scopes: ['download'], expiresInDays: 0 }]) {
      const res = await make(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe('invalid_request');
    }
  });
});
