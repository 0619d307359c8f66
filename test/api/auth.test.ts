import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as refresh } from '@/app/api/auth/refresh/route';
import { POST as register } from '@/app/api/auth/register/route';
import { appStores, callRoute, cookieValue } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { fromPeer } from '@/test/peer';

const email = 'Ada@Example.com';
const password = 'correct horse battery';

const signUp = (body: unknown = { email, password }) => callRoute(register, '/api/auth/register', { body });
const signIn = (body: unknown = { email, password }, headers?: Record<string, string>) =>
  callRoute(login, '/api/auth/login', { body, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(appStores())('accounts and sessions on $name', ({ open }) => {
  let close: () => Promise<void>;
  beforeEach(async () => {
    close = await open();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('registers with a normalised email and a scrypt hash, without signing in', async () => {
    const res = await signUp({ email: '  Ada@Example.COM ', password });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true, data: { email: 'ada@example.com' } });
    expect(res.cookies).toEqual({});
    const row = await (await getDb()).get<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row!.password_hash).not.toContain(password);
  });

  it('answers a taken address exactly as a new one, and keeps the first owner and their password', async () => {
    const first = await signUp();
    const again = await signUp({ email: 'ADA@example.com', password: 'another password' });
    expect(again.status).toBe(first.status);
    expect(again.json).toEqual(first.json);
    expect(Object.fromEntries(again.headers)).toMatchObject({ 'content-type': first.headers.get('content-type') });
    const rows = await (await getDb()).query<{ email: string }>('SELECT email FROM users');
    expect(rows).toEqual([{ email: 'ada@example.com' }]);
    expect((await signIn({ email, password: 'another password' })).status).toBe(401);
    expect((await signIn()).status).toBe(200);
  });

  it('throttles registration per client address (429 with Retry-After), other addresses unaffected', async () => {
    vi.stubEnv('TRUST_PROXY', '1');
    const from = (ip: string, n: number) =>
      callRoute(register, '/api/auth/register', { body: { email: `user${n}@example.com`, password }, headers: { ...fromPeer(), 'x-forwarded-for': ip } });
    for (let n = 0; n < 5; n++) expect((await from('203.0.113.7', n)).status).toBe(201);
    const refused = await from('203.0.113.7', 99);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await (await getDb()).get('SELECT id FROM users WHERE email = ?', ['user99@example.com'])).toBeUndefined();
    expect((await from('198.51.100.2', 100)).status).toBe(201);
  });

  it('rejects a bad email and a short password with a 400 the form can show', async () => {
    const badEmail = await signUp({ email: 'not-an-email', password });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json).toMatchObject({ code: 'invalid_request', error: 'email: Enter a valid email address' });
    const short = await signUp({ email, password: 'short' });
    expect(short.json).toMatchObject({ code: 'invalid_request', error: 'password: Use at least 8 characters for your password' });
  });

  it('signs in: tokens in the body and as httpOnly cookies; /me knows the user by cookie or Bearer', async () => {
    await signUp();
    const res = await signIn({ email: 'ada@EXAMPLE.com', password });
    expect(res.status).toBe(200);
    const { accessToken, refreshToken, user } = res.json.data;
    expect(user).toEqual({ id: expect.stringMatching(/^usr_/), email: 'ada@example.com' });
    expect(accessToken.split('.')).toHaveLength(3);
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    expect(res.cookies.gl_access).toMatch(/HttpOnly/);
    expect(res.cookies.gl_access).toMatch(/SameSite=lax/i);
    expect(res.cookies.gl_access).toMatch(/Max-Age=900/);
    expect(res.cookies.gl_access).not.toMatch(/Secure/);
    expect(res.cookies.gl_refresh).toMatch(/Max-Age=2592000/);
    expect(cookieValue(res.cookies.gl_refresh)).toBe(refreshToken);

    const byCookie = await callRoute(me, '/api/auth/me', { headers: { cookie: `gl_access=${accessToken}` } });
    expect(byCookie.json).toEqual({ success: true, data: user });
    const byBearer = await callRoute(me, '/api/auth/me', { headers: bearer(accessToken) });
    expect(byBearer.json.data).toEqual(user);
  });

  it('marks the cookies Secure on https', async () => {
    await signUp();
    const res = await callRoute(login, 'https://grab.example/api/auth/login', { body: { email, password } });
    expect(res.cookies.gl_access).toMatch(/Secure/);
    expect(res.cookies.gl_refresh).toMatch(/Secure/);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    await signUp();
    const wrong = await signIn({ email, password: 'wrong password' });
    const unknown = await signIn({ email: 'nobody@example.com', password });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ success: false, error: 'Invalid email or password', code: 'unauthorized' });
      expect(res.cookies).toEqual({});
    }
  });

  it('refuses /me without a session, and with a forged token', async () => {
    expect((await callRoute(me, '/api/auth/me')).status).toBe(401);
    const forged = await callRoute(me, '/api/auth/me', { headers: bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln') });
    expect(forged.json).toEqual({ success: false, error: 'Sign in to continue', code: 'unauthorized' });
  });

  it('throttles guesses at one account: the 11th attempt in 15 minutes is a 429, even with the right password', async () => {
    await signUp();
    for (let i = 0; i < 10; i++) expect((await signIn({ email, password: `guess ${i} wrong` })).status).toBe(401);
    const res = await signIn();
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({ code: 'rate_limited', error: 'Too many sign-in attempts. Try again in 15 minutes.' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });

  it('throttles per address behind a trusted proxy: other addresses still sign in', async () => {
    vi.stubEnv('TRUST_PROXY', '1');
    await signUp();
    // Our proxy appends the address it saw; whatever stands before it is the caller's own writing.
    const from = (ip: string, forged = '10.0.0.1') => ({ ...fromPeer(), 'x-forwarded-for': `${forged}, ${ip}` });
    for (let i = 0; i < 10; i++) await signIn({ email, password: 'wrong password' }, from('203.0.113.7', `10.0.0.${i}`));
    expect((await signIn(undefined, from('203.0.113.7', '192.0.2.99'))).status).toBe(429);
    expect((await signIn(undefined, from('198.51.100.2'))).status).toBe(200);
  });

  it('caps one address at 50 sign-ins across accounts', async () => {
    vi.stubEnv('TRUST_PROXY', '1');
    const from = { ...fromPeer(), 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 50; i++) await signIn({ email: `user${i}@example.com`, password }, from);
    const res = await signIn({ email: 'fresh@example.com', password }, from);
    expect(res.status).toBe(429);
  });

  it('a successful sign-in forgives earlier misses', async () => {
    await signUp();
    for (let i = 0; i < 9; i++) await signIn({ email, password: 'wrong password' });
    expect((await signIn()).status).toBe(200);
    for (let i = 0; i < 9; i++) await signIn({ email, password: 'wrong password' });
    expect((await signIn()).status).toBe(200);
  });
});

describe.each(appStores())('refresh and logout on $name', ({ open }) => {
  let close: () => Promise<void>;
  let session: { accessToken: string; refreshToken: string; user: { id: string } };
  beforeEach(async () => {
    close = await open();
    await signUp();
    session = (await signIn()).json.data;
  });
  afterEach(async () => close());

  const rotate = (body: unknown, headers?: Record<string, string>) => callRoute(refresh, '/api/auth/refresh', { body, headers });

  it('rotates: a new pair in the same family, the old refresh token replaced', async () => {
    const res = await rotate({ refreshToken: session.refreshToken });
    expect(res.status).toBe(200);
    const next = res.json.data;
    expect(next.user).toEqual(session.user);
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(cookieValue(res.cookies.gl_refresh)).toBe(next.refreshToken);
    const rows = await (await getDb()).query<{ family_id: string; replaced_by: string | null }>('SELECT family_id, replaced_by FROM refresh_tokens');
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.family_id)).size).toBe(1);
    expect(rows.filter((row) => row.replaced_by !== null)).toHaveLength(1);
    expect((await rotate({ refreshToken: next.refreshToken })).status).toBe(200);
  });

  it('reads the refresh cookie when the body has no token', async () => {
    const res = await callRoute(refresh, '/api/auth/refresh', { method: 'POST', headers: { cookie: `gl_refresh=${session.refreshToken}` } });
    expect(res.status).toBe(200);
    expect(res.json.data.refreshToken).toMatch(/^[\w-]{43}$/);
  });

  it('revokes the whole family when a replaced token comes back', async () => {
    const next = (await rotate({ refreshToken: session.refreshToken })).json.data;
    const replay = await rotate({ refreshToken: session.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('unauthorized');
    // The thief's replay also ends the legitimate holder's newer token.
    expect((await rotate({ refreshToken: next.refreshToken })).status).toBe(401);
  });

  it('leaves other sessions alone when one family is revoked', async () => {
    const other = (await signIn()).json.data;
    await rotate({ refreshToken: session.refreshToken });
    await rotate({ refreshToken: session.refreshToken });
    expect((await rotate({ refreshToken: other.refreshToken })).status).toBe(200);
  });

  it('refuses unknown and missing tokens', async () => {
    expect((await rotate({ refreshToken: 'not-a-token' })).status).toBe(401);
    expect((await rotate({})).json).toMatchObject({ code: 'unauthorized', error: 'Your session has ended. Sign in again.' });
  });

  it('logs out: the family is revoked and both cookies cleared', async () => {
    const res = await callRoute(logout, '/api/auth/logout', { method: 'POST', headers: { cookie: `gl_refresh=${session.refreshToken}` } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, data: null });
    expect(res.cookies.gl_access).toMatch(/^gl_access=;.*Max-Age=0/);
    expect(res.cookies.gl_refresh).toMatch(/^gl_refresh=;.*Max-Age=0/);
    expect((await rotate({ refreshToken: session.refreshToken })).status).toBe(401);
  });

  it('logs out with the token in the body, and succeeds with none', async () => {
    await callRoute(logout, '/api/auth/logout', { body: { refreshToken: session.refreshToken } });
    expect((await rotate({ refreshToken: session.refreshToken })).status).toBe(401);
    expect((await callRoute(logout, '/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });
});
