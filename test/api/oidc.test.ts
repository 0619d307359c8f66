import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as createInvite } from '@/app/api/admin/invites/route';
import { GET as callback } from '@/app/api/auth/oidc/callback/route';
import { POST as link } from '@/app/api/auth/oidc/link/route';
import { GET as start } from '@/app/api/auth/oidc/start/route';
import { POST as login } from '@/app/api/auth/login/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as refresh } from '@/app/api/auth/refresh/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { appStores, callRoute, cookieValue, type CallResult } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { startTestProvider, type TestProvider } from '@/test/oidc/test-provider';
import { fromPeer } from '@/test/peer';

const CALLBACK = 'http://localhost/api/auth/oidc/callback';
const people = [
  { sub: 'ada', email: 'Ada@Example.com', email_verified: true, groups: ['family'] },
  { sub: 'root', email: 'root@example.com', email_verified: true, groups: ['family', 'grabline-admins'] },
  { sub: 'owner', email: 'local@example.com', email_verified: true },
  { sub: 'mallory', email: 'local@example.com', email_verified: false },
  { sub: 'nomail' },
  { sub: 'boss', email: 'boss@example.com', email_verified: true },
  { sub: 'pretender', email: 'chief@example.com', email_verified: false },
];
const password = 'correct horse battery';

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

  /** A password account, signed in: its id, access cookie and refresh token. */
  const passwordAccount = async (email: string) => {
    await callRoute(register, '/api/auth/register', { body: { email, password } });
    const session = (await callRoute(login, '/api/auth/login', { body: { email, password } })).json.data;
    return { id: session.user.id as string, cookie: `gl_access=${session.accessToken}`, refresh: session.refreshToken as string };
  };
  /** The owner, signed in, asks from Settings to link the identity `sub` signs in as; the browser goes through the provider. */
  async function beginLink(sub: string, session: string, body: object = {}) {
    provider.signInAs(sub);
    const started = await callRoute(link, '/api/auth/oidc/link', { body, headers: { cookie: session, origin: 'http://localhost' } });
    expect(started.status).toBe(200);
    expect(new URL(started.json.data.url).origin).toBe(provider.issuer);
    expect(started.cookies.gl_oidc).toMatch(/HttpOnly/);
    return { url: await throughProvider(started.json.data.url), attempt: `gl_oidc=${cookieValue(started.cookies.gl_oidc)}` };
  }
  const linkRefusedWith = (res: CallResult, code: string) => {
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost/dashboard/settings?sso_error=${code}`);
    expect(res.cookies.gl_oidc).toMatch(/Max-Age=0/);
    expect(res.cookies.gl_access).toBeUndefined();
  };

  it('never signs in to a password account by its address, verified or not: its owner links from Settings', async () => {
    // Open registration checks no mailbox: whoever registered this address with a password may not own it.
    const local = await passwordAccount('local@example.com');
    refusedWith(await signInAs('mallory'), 'oidc_email_unverified');
    refusedWith(await signInAs('owner'), 'account_exists_sign_in_first');
    expect(await account('local@example.com')).toEqual({ id: local.id, role: 'member', oidc_subject: null });
    const french = await signInAs('owner', 'locale=fr');
    expect(french.headers.get('location')).toBe('http://localhost/fr/login?error=account_exists_sign_in_first');
    expect(french.cookies.gl_access).toBeUndefined();
  });

  it('with OIDC_ONLY, the verified address claims a password account, reset: its password and every credential its holder left are gone', async () => {
    const squatter = await passwordAccount('local@example.com');
    expect((await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie: squatter.cookie, origin: 'http://localhost' } })).status).toBe(200);
    vi.stubEnv('OIDC_ONLY', '1');
    refusedWith(await signInAs('mallory'), 'oidc_email_unverified');
    const claimed = await signInAs('owner');
    expect(claimed.headers.get('location')).toBe('http://localhost/dashboard/history');
    expect(await account('local@example.com')).toEqual({ id: squatter.id, role: 'member', oidc_subject: `${provider.issuer} owner` });
    const db = await getDb();
    expect(await db.get('SELECT COUNT(*) AS n FROM api_tokens WHERE user_id = ?', [squatter.id])).toEqual({ n: 0 });
    // The one session left is the owner's, just made.
    expect(await db.get('SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = ?', [squatter.id])).toEqual({ n: 1 });
    expect((await callRoute(refresh, '/api/auth/refresh', { body: { refreshToken: squatter.refresh } })).status).toBe(401);
    // Passwords back on: the squatter's password opens nothing any more.
    vi.stubEnv('OIDC_ONLY', '0');
    expect((await callRoute(login, '/api/auth/login', { body: { email: 'local@example.com', password } })).status).toBe(401);
  });

  it('links the identity to the signed-in owner from Settings; the provider then opens that account', async () => {
    const owner = await passwordAccount('local@example.com');
    const { url, attempt } = await beginLink('owner', owner.cookie, { locale: 'ar' });
    const linked = await finish(url, `${attempt}; ${owner.cookie}`);
    expect(linked.status).toBe(303);
    expect(linked.headers.get('location')).toBe('http://localhost/ar/dashboard/settings?sso=linked');
    expect(linked.cookies.gl_oidc).toMatch(/Max-Age=0/);
    expect(await account('local@example.com')).toEqual({ id: owner.id, role: 'member', oidc_subject: `${provider.issuer} owner` });
    // From now on the provider's sign-in opens this account, and the password still does.
    const viaProvider = await signInAs('owner');
    expect(viaProvider.headers.get('location')).toBe('http://localhost/dashboard/history');
    const cookie = `gl_access=${cookieValue(viaProvider.cookies.gl_access)}`;
    expect((await callRoute(me, '/api/auth/me', { headers: { cookie } })).json.data.id).toBe(owner.id);
    expect((await callRoute(login, '/api/auth/login', { body: { email: 'local@example.com', password } })).json.data.user.id).toBe(owner.id);
  });

  it('links only to the account still signed in, in the browser that started the link', async () => {
    const owner = await passwordAccount('local@example.com');
    const other = await passwordAccount('bob@example.com');
    // Signed out meanwhile.
    let flow = await beginLink('owner', owner.cookie);
    linkRefusedWith(await finish(flow.url, flow.attempt), 'oidc_link_session');
    // Someone else signed in meanwhile.
    flow = await beginLink('owner', owner.cookie);
    linkRefusedWith(await finish(flow.url, `${flow.attempt}; ${other.cookie}`), 'oidc_link_session');
    flow = await beginLink('owner', owner.cookie);
    linkRefusedWith(await finish(flow.url, `${flow.attempt}; gl_access=forged; gl_refresh=${other.refresh}`), 'oidc_link_session');
    expect((await account('local@example.com'))!.oidc_subject).toBeNull();
    expect((await account('bob@example.com'))!.oidc_subject).toBeNull();
    // The access cookie lapsed during the trip but the session lives on: the link is made, the session left as it was.
    flow = await beginLink('owner', owner.cookie);
    const lapsed = await finish(flow.url, `${flow.attempt}; gl_refresh=${owner.refresh}`);
    expect(lapsed.headers.get('location')).toBe('http://localhost/dashboard/settings?sso=linked');
    expect(lapsed.cookies.gl_refresh).toBeUndefined();
    expect((await callRoute(refresh, '/api/auth/refresh', { method: 'POST', headers: { cookie: `gl_refresh=${owner.refresh}`, origin: 'http://localhost' } })).status).toBe(200);
    expect((await account('local@example.com'))!.oidc_subject).toBe(`${provider.issuer} owner`);
  });

  it('refuses an identity linked to another account, and a second identity for an account already linked', async () => {
    await signInAs('ada');
    const owner = await passwordAccount('local@example.com');
    const flow = await beginLink('ada', owner.cookie);
    linkRefusedWith(await finish(flow.url, `${flow.attempt}; ${owner.cookie}`), 'oidc_identity_taken');
    expect((await account('local@example.com'))!.oidc_subject).toBeNull();
    expect((await account('ada@example.com'))!.oidc_subject).toBe(`${provider.issuer} ada`);
    // Two links started at once: the first to come back wins, the second finds the account linked.
    const first = await beginLink('owner', owner.cookie);
    const second = await beginLink('boss', owner.cookie);
    expect((await finish(first.url, `${first.attempt}; ${owner.cookie}`)).headers.get('location')).toBe('http://localhost/dashboard/settings?sso=linked');
    linkRefusedWith(await finish(second.url, `${second.attempt}; ${owner.cookie}`), 'oidc_already_linked');
    expect((await account('local@example.com'))!.oidc_subject).toBe(`${provider.issuer} owner`);
    expect(await account('boss@example.com')).toBeUndefined();
    // Once linked, Settings offers no other link.
    const again = await callRoute(link, '/api/auth/oidc/link', { body: {}, headers: { cookie: owner.cookie, origin: 'http://localhost' } });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('oidc_already_linked');
  });

  it('starts a link only for a signed-in session, from this site', async () => {
    expect((await callRoute(link, '/api/auth/oidc/link', { body: {}, headers: { origin: 'http://localhost' } })).status).toBe(401);
    const owner = await passwordAccount('local@example.com');
    const crossSite = await callRoute(link, '/api/auth/oidc/link', { body: {}, headers: { cookie: owner.cookie, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.code).toBe('csrf');
    expect(crossSite.cookies.gl_oidc).toBeUndefined();
  });

  it('links a verified identity to an account a forward-auth proxy made: it has no password, the proxy proved its address', async () => {
    const secret = 'proxy-secret-0123456789-abcdefghijkl';
    vi.stubEnv('AUTH_PROXY_HEADER', 'Remote-Email');
    vi.stubEnv('AUTH_PROXY_SECRET', secret);
    vi.stubEnv('TRUST_PROXY', '1');
    const proxied = { ...fromPeer(), 'remote-email': 'local@example.com', 'x-auth-proxy-secret': secret, 'x-forwarded-for': '203.0.113.9' };
    expect((await callRoute(me, '/api/auth/me', { headers: proxied })).status).toBe(200);
    vi.stubEnv('AUTH_PROXY_HEADER', '');
    const made = await account('local@example.com');
    expect((await signInAs('owner')).headers.get('location')).toBe('http://localhost/dashboard/history');
    expect(await account('local@example.com')).toEqual({ ...made, oidc_subject: `${provider.issuer} owner` });
  });

  it('makes an ADMIN_EMAILS address admin only on the provider\'s verified claim', async () => {
    vi.stubEnv('ADMIN_EMAILS', 'chief@example.com, boss@example.com');
    expect((await signInAs('pretender')).headers.get('location')).toBe('http://localhost/dashboard/history');
    expect((await account('chief@example.com'))!.role).toBe('member');
    await signInAs('pretender');
    expect((await account('chief@example.com'))!.role).toBe('member');
    await signInAs('boss');
    expect((await account('boss@example.com'))!.role).toBe('admin');
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
