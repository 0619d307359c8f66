import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE as withdrawInvite } from '@/app/api/admin/invites/[id]/route';
import { GET as listInvites, POST as createInvite } from '@/app/api/admin/invites/route';
import { POST as login } from '@/app/api/auth/login/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as register } from '@/app/api/auth/register/route';
import { GET as unknownGet, POST as unknownPost } from '@/app/api/[...path]/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { prepareSetupToken, setupTokenPath } from '@/lib/auth/setup-token';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { fromPeer } from '@/test/peer';

const password = 'correct horse battery';
const signUp = (email: string, extra: object = {}) => callRoute(register, '/api/auth/register', { body: { email, password, ...extra } });
const signIn = (email: string) => callRoute(login, '/api/auth/login', { body: { email, password } });
const roleOf = async (email: string) =>
  (await (await getDb()).get<{ role: string }>('SELECT role FROM users WHERE email = ?', [email]))?.role;
/** The first admin, made the way a fresh server offers: registering with the setup token it wrote. */
const signUpAdmin = async (email: string) => {
  const file = (await prepareSetupToken(await getDb(), () => undefined))!;
  expect((await signUp(email, { setupToken: readFileSync(file, 'utf8').trim() })).status).toBe(201);
  expect(await roleOf(email)).toBe('admin');
};
const PROXY_SECRET = 'proxy-secret-0123456789-abcdefghijkl';
/** Forward-auth on, and a request as the authenticating proxy passes it on, naming `email`. */
const forwardAuthOn = () => {
  vi.stubEnv('AUTH_PROXY_HEADER', 'Remote-Email');
  vi.stubEnv('AUTH_PROXY_SECRET', PROXY_SECRET);
  vi.stubEnv('TRUST_PROXY', '1');
};
const throughProxy = (email: string) => ({
  headers: { ...fromPeer(), 'remote-email': email, 'x-auth-proxy-secret': PROXY_SECRET, 'x-forwarded-for': '203.0.113.9' },
});
const sessionCookie = async (email: string) => `gl_access=${(await signIn(email)).json.data.accessToken}`;

describe.each(appStores())('roles and who may join on $name', ({ open }) => {
  let close: () => Promise<void>;
  beforeEach(async () => {
    close = await open();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('never makes an admin of a password: a listed address registered or signed in with one stays a member', async () => {
    vi.stubEnv('ADMIN_EMAILS', 'Root@Example.com, boss@example.com');
    // Open registration checks no mailbox: anyone may register a listed address.
    expect((await signUp('root@example.com')).status).toBe(201);
    expect(await roleOf('root@example.com')).toBe('member');
    expect((await signIn('root@example.com')).status).toBe(200);
    expect(await roleOf('root@example.com')).toBe('member');
    vi.stubEnv('ADMIN_EMAILS', '');
    await signUp('later@example.com');
    vi.stubEnv('ADMIN_EMAILS', 'later@example.com');
    expect((await signIn('later@example.com')).status).toBe(200);
    expect(await roleOf('later@example.com')).toBe('member');
  });

  it('takes the forward-auth proxy\'s word for a listed address: that account becomes admin', async () => {
    vi.stubEnv('ADMIN_EMAILS', 'root@example.com');
    forwardAuthOn();
    await signUp('root@example.com');
    expect((await callRoute(me, '/api/auth/me', throughProxy('Root@Example.com'))).status).toBe(200);
    expect(await roleOf('root@example.com')).toBe('admin');
    expect((await callRoute(me, '/api/auth/me', throughProxy('ada@example.com'))).status).toBe(200);
    expect(await roleOf('ada@example.com')).toBe('member');
  });

  it('writes a 0600 setup token on a fresh instance, logs its file but never the token, and spends it on one admin', async () => {
    const lines: string[] = [];
    const file = await prepareSetupToken(await getDb(), (line) => lines.push(line));
    expect(file).toBe(setupTokenPath());
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const token = readFileSync(file!, 'utf8').trim();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(lines.join('\n')).toContain(file!);
    expect(lines.join('\n')).not.toContain(token);
    // A second start keeps the token already handed out.
    await prepareSetupToken(await getDb(), () => undefined);
    expect(readFileSync(file!, 'utf8').trim()).toBe(token);

    vi.stubEnv('REGISTRATION', 'closed');
    const wrong = await signUp('first@example.com', { setupToken: `${token.slice(0, -1)}x` });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ success: false, code: 'setup_token_invalid' });
    expect(await roleOf('first@example.com')).toBeUndefined();
    expect((await signUp('first@example.com', { setupToken: token })).status).toBe(201);
    expect(await roleOf('first@example.com')).toBe('admin');
    expect(existsSync(file!)).toBe(false);
    expect((await signUp('second@example.com', { setupToken: token })).json.code).toBe('setup_token_invalid');
    // With an admin, later starts write nothing.
    expect(await prepareSetupToken(await getDb(), () => undefined)).toBeNull();
    expect(existsSync(file!)).toBe(false);
  });

  it('voids a waiting setup token once an admin exists by other means', async () => {
    const file = (await prepareSetupToken(await getDb(), () => undefined))!;
    const token = readFileSync(file, 'utf8').trim();
    // An admin made by the proxy's word for a listed address.
    vi.stubEnv('ADMIN_EMAILS', 'root@example.com');
    forwardAuthOn();
    await callRoute(me, '/api/auth/me', throughProxy('root@example.com'));
    expect(await roleOf('root@example.com')).toBe('admin');
    vi.unstubAllEnvs();
    const late = await signUp('late@example.com', { setupToken: token });
    expect(late.json.code).toBe('setup_token_invalid');
    expect(await roleOf('late@example.com')).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it('writes the setup token while there is no admin, even when ADMIN_EMAILS lists addresses', async () => {
    // A listed address becomes admin only once proven (a provider's verified claim, the proxy's word): a server with
    // passwords alone would otherwise have no way to its first admin.
    vi.stubEnv('ADMIN_EMAILS', 'root@example.com');
    const file = await prepareSetupToken(await getDb(), () => undefined);
    expect(file).toBe(setupTokenPath());
    expect(existsSync(setupTokenPath())).toBe(true);
  });

  it('REGISTRATION=closed refuses every new account with registration_closed', async () => {
    vi.stubEnv('REGISTRATION', 'closed');
    const res = await signUp('ada@example.com');
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ success: false, code: 'registration_closed' });
    expect(await roleOf('ada@example.com')).toBeUndefined();
  });

  it('REGISTRATION=invite: an admin makes single-use invites; missing, spent, withdrawn and lapsed ones are refused', async () => {
    await signUpAdmin('root@example.com');
    vi.stubEnv('REGISTRATION', 'invite');
    const admin = await sessionCookie('root@example.com');
    const made = await callRoute(createInvite, '/api/admin/invites', { body: { expiresInHours: 24 }, headers: { cookie: admin } });
    expect(made.status).toBe(201);
    const { id, token, expiresAt } = made.json.data;
    expect(token).toMatch(/^inv_[\w-]{32}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);

    expect((await signUp('ada@example.com')).json.code).toBe('invite_required');
    expect((await signUp('ada@example.com', { invite: 'inv_wrong' })).json.code).toBe('invite_invalid');
    expect((await signUp('ada@example.com', { invite: token })).status).toBe(201);
    expect(await roleOf('ada@example.com')).toBe('member');
    const again = await signUp('bob@example.com', { invite: token });
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('invite_invalid');

    const listed = await callRoute(listInvites, '/api/admin/invites', { headers: { cookie: admin } });
    expect(listed.json.data).toEqual([
      expect.objectContaining({ id, usedBy: 'ada@example.com', createdBy: 'root@example.com', usedAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed.json)).not.toContain(token);

    const second = (await callRoute(createInvite, '/api/admin/invites', { body: {}, headers: { cookie: admin } })).json.data;
    const gone = await callRoute(withdrawInvite, `/api/admin/invites/${second.id}`, { method: 'DELETE', headers: { cookie: admin }, params: { id: second.id } });
    expect(gone.status).toBe(200);
    expect((await signUp('bob@example.com', { invite: second.token })).json.code).toBe('invite_invalid');

    const third = (await callRoute(createInvite, '/api/admin/invites', { body: {}, headers: { cookie: admin } })).json.data;
    await (await getDb()).run('UPDATE invites SET expires_at = ? WHERE id = ?', [Date.now() - 1, third.id]);
    expect((await signUp('bob@example.com', { invite: third.token })).json.code).toBe('invite_invalid');
    expect(await roleOf('bob@example.com')).toBeUndefined();
  });

  it('answers 404 on the admin routes to everyone but a signed-in admin — never a hint', async () => {
    await signUpAdmin('root@example.com');
    await signUp('ada@example.com');
    const member = await sessionCookie('ada@example.com');
    const admin = await sessionCookie('root@example.com');
    const adminToken = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie: admin } })).json.data.token;
    const attempts = [
      callRoute(listInvites, '/api/admin/invites'),
      callRoute(listInvites, '/api/admin/invites', { headers: { cookie: member } }),
      callRoute(listInvites, '/api/admin/invites', { headers: { cookie: 'gl_access=forged' } }),
      callRoute(listInvites, '/api/admin/invites', { headers: { authorization: `Bearer ${adminToken}` } }),
      callRoute(createInvite, '/api/admin/invites', { body: { expiresInHours: 'x' }, headers: { cookie: member } }),
      callRoute(createInvite, '/api/admin/invites', { body: {}, headers: { cookie: admin, origin: 'https://evil.example' } }),
      callRoute(withdrawInvite, '/api/admin/invites/nonsense', { method: 'DELETE', headers: { cookie: member }, params: { id: 'nonsense' } }),
    ];
    // An API path that names nothing answers the same, to the same callers.
    const unknown = [
      callRoute(unknownGet, '/api/nothing-here'),
      callRoute(unknownGet, '/api/nothing-here', { headers: { cookie: member } }),
      callRoute(unknownPost, '/api/nothing-here', { body: {}, headers: { cookie: admin, origin: 'https://evil.example' } }),
    ];
    const shape = (res: Awaited<(typeof attempts)[number]>) => ({
      status: res.status,
      json: res.json,
      headers: [...res.headers.keys()].filter((name) => name !== 'x-request-id').sort(),
    });
    const expected = shape((await Promise.all(unknown))[0]);
    expect(expected.status).toBe(404);
    expect(expected.json).toEqual({ success: false, error: 'Not found', code: 'not_found' });
    for (const res of [...(await Promise.all(attempts)), ...(await Promise.all(unknown))]) expect(shape(res)).toEqual(expected);
    expect((await callRoute(listInvites, '/api/admin/invites', { headers: { cookie: admin } })).status).toBe(200);
    expect(await (await getDb()).get('SELECT COUNT(*) AS n FROM invites')).toEqual({ n: 0 });
  });

  it('OIDC_ONLY refuses password sign-in and registration with a stable code', async () => {
    await signUp('ada@example.com');
    vi.stubEnv('OIDC_ONLY', '1');
    const refused = await signIn('ada@example.com');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('password_sign_in_disabled');
    expect((await signUp('bob@example.com')).json.code).toBe('password_sign_in_disabled');
    expect((await callRoute(me, '/api/auth/me')).status).toBe(401);
  });
});
