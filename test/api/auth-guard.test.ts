import '@/lib/auth/next-intl-node.testkit';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as refresh } from '@/app/api/auth/refresh/route';
import { POST as register } from '@/app/api/auth/register/route';
import { signAccessToken } from '@/lib/auth/access-token';
import { appStores, callRoute, cookieValue, setCookies } from '@/lib/auth/store.testkit';
import proxy from '@/proxy';

const visit = (path: string, cookie?: string) =>
  proxy(new NextRequest(new URL(path, 'http://localhost'), { headers: cookie ? { cookie } : {} }));

describe.each(appStores())('the dashboard guard on $name', ({ open }) => {
  let close: () => Promise<void>;
  let session: { accessToken: string; refreshToken: string; user: { id: string; email: string } };
  beforeEach(async () => {
    close = await open();
    await callRoute(register, '/api/auth/register', { body: { email: 'ada@example.com', password: 'correct horse' } });
    session = (await callRoute(login, '/api/auth/login', { body: { email: 'ada@example.com', password: 'correct horse' } })).json.data;
  });
  afterEach(async () => close());

  it.each([
    ['/dashboard', '/login?from=%2Fdashboard'],
    ['/dashboard/settings', '/login?from=%2Fdashboard%2Fsettings'],
    ['/ar/dashboard/history?x=1', '/ar/login?from=%2Far%2Fdashboard%2Fhistory%3Fx%3D1'],
    ['/fr/dashboard/settings', '/fr/login?from=%2Ffr%2Fdashboard%2Fsettings'],
    ['/ar-EG/dashboard', '/ar-EG/login?from=%2Far-EG%2Fdashboard'],
    ['/en/dashboard/api', '/login?from=%2Fen%2Fdashboard%2Fapi'],
    ['/%64ashboard', '/login?from=%2F%2564ashboard'],
  ])('sends a visitor of %s to sign in first (307 %s)', async (path, target) => {
    const res = await visit(path);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`http://localhost${target}`);
  });

  it('leaves public pages to the locale routing', async () => {
    for (const path of ['/', '/download', '/ar/bulk', '/dashboards', '/login']) {
      const res = await visit(path);
      expect(res.headers.get('location') ?? '', path).not.toContain('/login?from');
    }
    // Still next-intl's own behaviour: a stored Arabic choice sends the bare path to /ar.
    const stored = await proxy(new NextRequest('http://localhost/download', { headers: { cookie: 'NEXT_LOCALE=ar' } }));
    expect(stored.headers.get('location')).toBe('http://localhost/ar/download');
  });

  it('lets a valid access cookie through without touching the cookies', async () => {
    const res = await visit('/ar/dashboard/history', `gl_access=${session.accessToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-middleware-rewrite') ?? res.headers.get('x-middleware-next')).toBeTruthy();
    const cookies = setCookies(res.headers);
    expect(cookies.gl_access).toBeUndefined();
    expect(cookies.gl_refresh).toBeUndefined();
  });

  it('refuses a forged or expired access cookie without a refresh cookie, and clears it', async () => {
    const expired = await signAccessToken(session.user).then((token) => token.replace(/\.[^.]+$/, '.forged'));
    const res = await visit('/dashboard', `gl_access=${expired}`);
    expect(res.status).toBe(307);
    expect(setCookies(res.headers).gl_access).toMatch(/Max-Age=0/);
  });

  it('renews a session from the refresh cookie alone: passes, with new cookies the page also sees', async () => {
    const res = await visit('/fr/dashboard/settings', `gl_refresh=${session.refreshToken}`);
    expect(res.status).toBe(200);
    const cookies = setCookies(res.headers);
    const access = cookieValue(cookies.gl_access)!;
    const renewedRefresh = cookieValue(cookies.gl_refresh)!;
    expect(access.split('.')).toHaveLength(3);
    expect(renewedRefresh).not.toBe(session.refreshToken);
    // The rendering request carries the new access cookie, so server components see the session at once.
    expect(res.headers.get('x-middleware-request-cookie')).toContain(`gl_access=${access}`);
    // The rotation was real: the new refresh token works, and the old one is now a replay.
    expect((await callRoute(refresh, '/api/auth/refresh', { body: { refreshToken: renewedRefresh } })).status).toBe(200);
    expect((await callRoute(refresh, '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
  });

  it('treats parallel requests of one page load as a race, not a replay', async () => {
    const [a, b, c] = await Promise.all(['/dashboard', '/dashboard/history', '/dashboard/api'].map((path) => visit(path, `gl_refresh=${session.refreshToken}`)));
    for (const res of [a, b, c]) expect(res.status).toBe(200);
    const rotated = [a, b, c].map((res) => cookieValue(setCookies(res.headers).gl_refresh)).filter(Boolean);
    expect(rotated).toHaveLength(1);
    expect((await callRoute(refresh, '/api/auth/refresh', { body: { refreshToken: rotated[0] } })).status).toBe(200);
  });

  it('sends a revoked or unknown refresh cookie to sign in', async () => {
    const res = await visit('/dashboard', 'gl_refresh=unknown-token');
    expect(res.status).toBe(307);
    expect(setCookies(res.headers).gl_refresh).toMatch(/Max-Age=0/);
  });
});
