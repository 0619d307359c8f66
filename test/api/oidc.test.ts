import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as createInvite } from '@/app/api/admin/invites/route';
import { GET as callback } from '@/app/api/auth/oidc/callback/route';
import { GET as start } from '@/app/api/auth/oidc/start/route';
import { POST as login } from '@/app/api/auth/login/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as register } from '@/app/api/auth/register/route';
import { appStores, callRoute, cookieValue, type CallResult } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { startTestProvider, type TestProvider } from '@/test/oidc/test-provider';

const CALLBACK = 'http://localhost/api/auth/oidc/callback';
const people = [
  { sub: 'ada', email: 'Ada@Example.com', email_verified: true, groups: ['family'] },
  { sub: 'root', email: 'root@example.com', email_verified: true, groups: ['family', 'grabline-admins'] },
  { sub: 'owner', email: 'local@example.com', email_verified: true },
  { sub: 'mallory', email: 'local@example.com', email_verified: false },
  { sub: 'nomail' },
];

/** The browser's part at the provider: follow its redirects, keeping its cookies, until it sends us back. */
async function throughProvider(location: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = location;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(CALLBACK)) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    await res.arrayBuffer();
    const next = res.headers.get('location');
    if (!next) throw new Error(`the provider stopped at ${url} with ${res.status}`);
    url = new URL(next, url).toString();
  }
  throw new Error('the provider never sent the browser back');
}

describe.each(appStores())('sign-in through an OpenID provider on $name', ({ open }) => {
  let provider: TestProvider;
  let close: () => Promise<void>;
  beforeAll(async () => {
    provider = await startTestProvider({ redirectUri: CALLBACK, people });
  });
  afterAll(async () => provider.close());
  beforeEach(async () => {
    close = await open();
    vi.stubEnv('OIDC_ISSUER', provider.issuer);
    vi.stubEnv('OIDC_CLIENT_ID', provider.clientId);
    vi.stubEnv('OIDC_CLIENT_SECRET', provider.clientSecret);
    vi.stubEnv('OIDC_SCOPES', 'openid email profile groups');
    vi.stubEnv('OIDC_ADMIN_GROUP', 'grabline-admins');
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  /** Start → provider → the callback URL and the attempt cookie, before the callback is called. */
  async function begin(sub: string, query = 'from=%2Fdashboard%2Fhistory') {
    provider.signInAs(sub);
    const started = await callRoute(start, `/api/auth/oidc/start?${query}`);
    expect(started.status).toBe(303);
    const location = new URL(started.headers.get('location')!);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(started.cookies.gl_oidc).toMatch(/HttpOnly/);
    expect(started.cookies.gl_oidc).toMatch(/Path=\/api\/auth\/oidc/);
    return { url: await throughProvider(location.toString()), cookie: `gl_oidc=${cookieValue(started.cookies.gl_oidc)}` };
  }
  const finish = (url: string, cookie: string) => callRoute(callback, url, { headers: { cookie } });
  const signInAs = async (sub: string, query?: string) => {
    const { url, cookie } = await begin(sub, query);
    return finish(url, cookie);
  };
  const refusedWith = (res: CallResult, code: string) => {
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost/login?error=${code}`);
    expect(res.cookies.gl_access).toBeUndefined();
  };
  const account = (email: string) =>
    getDb().then((db) => db.get<{ id: string; role: string; oidc_subject: string | null }>('SELECT id, role, oidc_subject FROM users WHERE email = ?', [email]));

  it('first sign-in creates a member account, signs it in and lands where the visitor was going', async () => {
    const res = await signInAs('ada');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost/dashboard/history');
    expect(res.cookies.gl_oidc).toMatch(/Max-Age=0/);
    const access = cookieValue(res.cookies.gl_access)!;
    expect((await callRoute(me, '/api/auth/me', { headers: { cookie: `gl_access=${access}` } })).json.data.email).toBe('ada@example.com');
    expect(await account('ada@example.com')).toMatchObject({ role: 'member', oidc_subject: `${provider.issuer} ada` });
    // The second sign-in finds the same account by its subject.
    const again = await signInAs('ada');
    expect(again.status).toBe(303);
    expect(await (await getDb()).get("SELECT COUNT(*) AS n FROM users WHERE email = 'ada@example.com'")).toEqual({ n: 1 });
  });

  it('makes a member of OIDC_ADMIN_GROUP an admin', async () => {
    expect((await signInAs('root')).headers.get('location')).toBe('http://localhost/dashboard/history');
    expect((await account('root@example.com'))!.role).toBe('admin');
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const { url, cookie } = await begin('ada');
    const forged = new URL(url);
    forged.searchParams.set('state', 'not-the-state');
    refusedWith(await finish(forged.toString(), cookie), 'oidc_failed');
    // Nor a callback with no attempt cookie at all (a sign-in started in another browser).
    refusedWith(await finish(url, ''), 'oidc_failed');
    expect(await account('ada@example.com')).toBeUndefined();
  });

  it('refuses a replayed authorization code', async () => {
    const { url, cookie } = await begin('ada');
    expect((await finish(url, cookie)).cookies.gl_access).toBeTruthy();
    refusedWith(await finish(url, cookie), 'oidc_failed');
  });

  it('links an existing local account only through a verified email', async () => {
    await callRoute(register, '/api/auth/register', { body: { email: 'local@example.com', password: 'correct horse battery' } });
    const local = await account('local@example.com');
    refusedWith(await signInAs('mallory'), 'oidc_email_unverified');
    expect((await account('local@example.com'))!.oidc_subject).toBeNull();

    const linked = await signInAs('owner');
    expect(linked.headers.get('location')).toBe('http://localhost/dashboard/history');
    expect(await account('local@example.com')).toEqual({ id: local!.id, role: 'member', oidc_subject: `${provider.issuer} owner` });
    // The password still works for the same account.
    expect((await callRoute(login, '/api/auth/login', { body: { email: 'local@example.com', password: 'correct horse battery' } })).json.data.user.id).toBe(local!.id);
  });

  it('needs an email, and obeys REGISTRATION for new accounts (an invite travels through the sign-in)', async () => {
    refusedWith(await signInAs('nomail'), 'oidc_email_missing');
    vi.stubEnv('REGISTRATION', 'closed');
    refusedWith(await signInAs('ada'), 'registration_closed');
    vi.stubEnv('REGISTRATION', 'invite');
    refusedWith(await signInAs('ada'), 'invite_required');
    // An admin made by the group hands out an invite.
    vi.stubEnv('REGISTRATION', 'open');
    const admin = cookieValue((await signInAs('root')).cookies.gl_access)!;
    vi.stubEnv('REGISTRATION', 'invite');
    const invite = (await callRoute(createInvite, '/api/admin/invites', { body: {}, headers: { cookie: `gl_access=${admin}` } })).json.data.token;
    expect((await signInAs('ada', `invite=${invite}`)).headers.get('location')).toBe('http://localhost/dashboard');
    const spent = await (await getDb()).get<{ used_at: number | null }>('SELECT used_at FROM invites');
    expect(spent!.used_at).toBeGreaterThan(Date.now() - 60_000);
    expect((await account('ada@example.com'))!.role).toBe('member');
  });

  it('refuses a disabled account, localized error page in the language the sign-in started in', async () => {
    await signInAs('ada');
    await (await getDb()).run("UPDATE users SET role = 'disabled' WHERE email = 'ada@example.com'");
    const res = await signInAs('ada', 'locale=ar');
    expect(res.headers.get('location')).toBe('http://localhost/ar/login?error=account_disabled');
  });

  it('is a 404 when no provider is configured', async () => {
    vi.stubEnv('OIDC_ISSUER', '');
    expect((await callRoute(start, '/api/auth/oidc/start')).status).toBe(404);
    expect((await callRoute(callback, `${CALLBACK}?code=x&state=y`)).status).toBe(404);
  });
});
