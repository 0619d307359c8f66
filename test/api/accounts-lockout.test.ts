import '@/lib/auth/next-intl-node.testkit';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as refresh } from '@/app/api/auth/refresh/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { route } from '@/lib/server';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { config, parseConfig } from '@/lib/config';
import { createDb, getDb, type Db } from '@/lib/db';
import proxy from '@/proxy';
import { fromPeer } from '@/test/peer';

const password = 'correct horse battery';
// Stands in for the media API: answers who the wrapper says is calling.
const whoami = route({ auth: 'api', quota: { kind: 'api' } }, ({ caller }) => ({ caller: caller.credential }));
const visit = (path: string, headers: Record<string, string>) => proxy(new NextRequest(new URL(path, 'http://localhost'), { headers }));

/** Another web node: its own connection to the same store. */
const secondNode = (): Promise<Db> => createDb({ databaseUrl: config().env.DATABASE_URL, sqlitePath: config().sqlitePath });

describe.each(appStores())('locking an account out on $name', ({ open }) => {
  let close: () => Promise<void>;
  let session: { accessToken: string; refreshToken: string; user: { id: string } };
  let apiToken: string;
  beforeEach(async () => {
    close = await open();
    await callRoute(register, '/api/auth/register', { body: { email: 'ada@example.com', password } });
    session = (await callRoute(login, '/api/auth/login', { body: { email: 'ada@example.com', password } })).json.data;
    apiToken = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie: `gl_access=${session.accessToken}` } })).json.data.token;
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('a disabled account loses its live session, refresh and API token at once, disabled from another node', async () => {
    const cookie = { cookie: `gl_access=${session.accessToken}` };
    expect((await callRoute(me, '/api/auth/me', { headers: cookie })).status).toBe(200);
    expect((await visit('/dashboard', cookie)).status).toBe(200);

    const other = await secondNode();
    try {
      await other.run("UPDATE users SET role = 'disabled' WHERE id = ?", [session.user.id]);
    } finally {
      await other.close();
    }

    const byCookie = await callRoute(me, '/api/auth/me', { headers: cookie });
    expect(byCookie.status).toBe(403);
    expect(byCookie.json.code).toBe('account_disabled');
    expect((await callRoute(me, '/api/auth/me', { headers: { authorization: `Bearer ${session.accessToken}` } })).json.code).toBe('account_disabled');
    const byToken = await callRoute(whoami, '/api/media/x', { headers: { authorization: `Bearer ${apiToken}` } });
    expect(byToken.status).toBe(403);
    expect(byToken.json.code).toBe('account_disabled');
    expect((await callRoute(refresh, '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    const page = await visit('/dashboard', { cookie: `gl_access=${session.accessToken}; gl_refresh=${session.refreshToken}` });
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toContain('/login?from=');
    const again = await callRoute(login, '/api/auth/login', { body: { email: 'ada@example.com', password } });
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('account_disabled');
    // A wrong password still says nothing about the account.
    expect((await callRoute(login, '/api/auth/login', { body: { email: 'ada@example.com', password: 'wrong one' } })).json.code).toBe('unauthorized');

    await (await getDb()).run("UPDATE users SET role = 'member' WHERE id = ?", [session.user.id]);
    expect((await callRoute(me, '/api/auth/me', { headers: cookie })).status).toBe(200);
  });

  it('a deleted account’s unexpired access token no longer signs anyone in', async () => {
    await (await getDb()).run('DELETE FROM users WHERE id = ?', [session.user.id]);
    expect((await callRoute(me, '/api/auth/me', { headers: { cookie: `gl_access=${session.accessToken}` } })).status).toBe(401);
    expect((await callRoute(me, '/api/auth/me', { headers: { authorization: `Bearer ${session.accessToken}` } })).status).toBe(401);
  });

  describe('forward-auth', () => {
    const SECRET = 'proxy-secret-0123456789-abcdefghijkl';
    /** A request as the authenticating proxy passes it on: from its address, with the secret, naming the user. */
    const header = (email: string, forwardedFor?: string, { peer = '127.0.0.1', secret = SECRET }: { peer?: string; secret?: string | null } = {}) => ({
      ...fromPeer(peer),
      'remote-email': email,
      ...(secret === null ? {} : { 'x-auth-proxy-secret': secret }),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    });
    const forwardAuthOn = () => {
      vi.stubEnv('AUTH_PROXY_HEADER', 'Remote-Email');
      vi.stubEnv('AUTH_PROXY_SECRET', SECRET);
      vi.stubEnv('TRUST_PROXY', '1');
    };

    it('a server with AUTH_PROXY_HEADER and no secret, or no trusted proxy, refuses to start', () => {
      expect(() => parseConfig({ AUTH_PROXY_HEADER: 'Remote-Email', TRUST_PROXY: '1' })).toThrow(/AUTH_PROXY_SECRET/);
      expect(() => parseConfig({ AUTH_PROXY_HEADER: 'Remote-Email', AUTH_PROXY_SECRET: SECRET })).toThrow(/TRUST_PROXY/);
      expect(() => parseConfig({ AUTH_PROXY_HEADER: 'Remote-Email', AUTH_PROXY_SECRET: 'short', TRUST_PROXY: '1' })).toThrow(/AUTH_PROXY_SECRET/);
      expect(parseConfig({ AUTH_PROXY_HEADER: 'Remote-Email', AUTH_PROXY_SECRET: SECRET, TRUST_PROXY: '1' }).env.AUTH_PROXY_SECRET).toBe(SECRET);
    });

    it('ignores a forged proxy header: from a direct client, without the secret, or while no proxy is trusted', async () => {
      forwardAuthOn();
      const forged = [
        // A direct client: its own address, a forged header and a forged X-Forwarded-For — even with the secret.
        header('ada@example.com', '127.0.0.1', { peer: '203.0.113.9' }),
        header('ada@example.com', undefined, { peer: '203.0.113.9' }),
        header('ada@example.com', '10.0.0.1, 127.0.0.1', { peer: '::ffff:203.0.113.9' }),
        // Through the proxy's address but without its secret, or with a wrong one.
        header('ada@example.com', '203.0.113.9', { secret: null }),
        header('ada@example.com', '203.0.113.9', { secret: `${SECRET}x` }),
        header('ada@example.com', '203.0.113.9', { secret: '' }),
        // In-process, no peer at all.
        { 'remote-email': 'ada@example.com', 'x-auth-proxy-secret': SECRET, 'x-forwarded-for': '203.0.113.9' },
      ];
      for (const headers of forged) {
        expect((await callRoute(me, '/api/auth/me', { headers })).status).toBe(401);
        expect((await callRoute(whoami, '/api/media/x', { headers })).json.data.caller).toBeNull();
        expect((await visit('/dashboard', headers)).status).toBe(307);
      }
      // A peer outside TRUST_PROXY_FROM is no proxy of ours, even one on the operator's network.
      vi.stubEnv('TRUST_PROXY_FROM', '10.0.0.5');
      expect((await callRoute(me, '/api/auth/me', { headers: header('ada@example.com', '203.0.113.9') })).status).toBe(401);
      expect((await callRoute(me, '/api/auth/me', { headers: header('ada@example.com', '203.0.113.9', { peer: '10.0.0.5' }) })).status).toBe(200);
      // No trusted proxies at all: the header is anyone's writing.
      vi.stubEnv('TRUST_PROXY_FROM', '');
      vi.stubEnv('TRUST_PROXY', '0');
      vi.stubEnv('AUTH_PROXY_HEADER', '');
      expect((await callRoute(me, '/api/auth/me', { headers: header('ada@example.com', '203.0.113.9') })).status).toBe(401);
      expect(await (await getDb()).get('SELECT COUNT(*) AS n FROM users')).toEqual({ n: 1 });
    });

    it('signs in the user a trusted proxy names, creating the account as REGISTRATION allows', async () => {
      forwardAuthOn();
      const through = header('Ada@Example.com', '203.0.113.9');
      expect((await callRoute(me, '/api/auth/me', { headers: through })).json.data).toEqual({ id: session.user.id, email: 'ada@example.com' });
      expect((await visit('/ar/dashboard', through)).status).toBe(200);

      const fresh = await callRoute(me, '/api/auth/me', { headers: header('new@example.com', '203.0.113.9') });
      expect(fresh.status).toBe(200);
      expect(await (await getDb()).get("SELECT role, password_hash FROM users WHERE email = 'new@example.com'")).toEqual({ role: 'member', password_hash: '!' });
      // The account has no password: nobody signs in to it with one.
      for (const guess of ['!', '', 'correct horse battery']) {
        expect((await callRoute(login, '/api/auth/login', { body: { email: 'new@example.com', password: guess } })).status).toBeGreaterThanOrEqual(400);
      }
      expect((await callRoute(login, '/api/auth/login', { body: { email: 'new@example.com', password: '!' } })).json.code).toBe('unauthorized');

      // The proxy's header rides along on whatever the browser sends: a cross-site write is refused like a cookie's.
      const crossSite = await callRoute(issueToken, '/api/settings/token', {
        method: 'POST', headers: { ...through, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      expect(crossSite.json.code).toBe('csrf');
      expect((await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { ...through, origin: 'http://localhost' } })).status).toBe(200);

      vi.stubEnv('REGISTRATION', 'closed');
      const closed = await callRoute(me, '/api/auth/me', { headers: header('stranger@example.com', '203.0.113.9') });
      expect(closed.status).toBe(403);
      expect(closed.json.code).toBe('registration_closed');
      await (await getDb()).run("UPDATE users SET role = 'disabled' WHERE email = 'ada@example.com'");
      expect((await callRoute(me, '/api/auth/me', { headers: through })).json.code).toBe('account_disabled');
      expect((await visit('/dashboard', through)).status).toBe(307);
    });
  });
});
