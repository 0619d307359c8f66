import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { appStores, callRoute, type CallResult } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { route } from '@/lib/server';
import { getApiUsage } from '@/lib/rate-limit/api-usage';
import { z } from 'zod';
import { fromPeer } from '@/test/peer';

// Stands in for /api/media/*: validates a body, and fails on demand like a real handler would.
const endpoint = route({ auth: 'api', quota: { kind: 'api' }, body: z.object({ url: z.string() }) }, async ({ body: { url } }) => {
  if (url === 'upstream-down') throw new AppError('upstream_failed', 'The site did not answer');
  return { url };
});

const T0 = Date.UTC(2026, 10, 22, 18, 0, 0); // 2026-11-22 18:00 UTC: 6 h to the day's end
let sweepClock = Date.UTC(2030, 0, 1);

function expectLimitHeaders(res: CallResult, limit: number, remaining: number, reset?: number) {
  expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(res.headers.get('ratelimit-remaining')).toBe(String(remaining));
  if (reset !== undefined) expect(res.headers.get('ratelimit-reset')).toBe(String(reset));
}

describe.each(appStores())('API rate limits on $name', ({ open }) => {
  let close: () => Promise<void>;
  let token: string;
  let cookie: string;
  let userId: string;
  beforeEach(async () => {
    close = await open();
    // Before signing in, so the access token is fresh at the test's clock.
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const credentials = { email: 'ada@example.com', password: 'correct horse' };
    await callRoute(register, '/api/auth/register', { body: credentials });
    const session = (await callRoute(login, '/api/auth/login', { body: credentials })).json.data;
    cookie = `gl_access=${session.accessToken}`;
    userId = session.user.id;
    token = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie } })).json.data.token;
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    await close();
  });

  const call = (body: unknown = { url: 'x' }, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
    callRoute(endpoint, '/api/media/analyze', { body, headers });

  it('allows 100 token requests a day; the 101st is a 429 with the limit headers and Retry-After', async () => {
    for (let i = 1; i <= 100; i++) {
      const res = await call();
      expect(res.status).toBe(200);
      if (i === 1 || i === 100) expectLimitHeaders(res, 100, 100 - i, 6 * 3600);
    }
    const res = await call();
    expect(res.status).toBe(429);
    expect(res.json).toEqual({
      success: false,
      error: 'Daily API limit reached (100 requests). It resets at 00:00 UTC.',
      code: 'rate_limited',
    });
    expectLimitHeaders(res, 100, 0, 6 * 3600);
    expect(res.headers.get('retry-after')).toBe(String(6 * 3600));
    expect(await getApiUsage(userId, await getDb())).toEqual({ requestsToday: 100, requestsThisMonth: 100, dailyLimit: 100, monthlyLimit: 1000 });
    // A new UTC day opens a new window.
    vi.setSystemTime(Date.UTC(2026, 10, 23, 0, 0, 1));
    expect((await call()).status).toBe(200);
  });

  it('puts the headers on every answer: bad JSON, invalid input, handler failures, bad tokens', async () => {
    const badJson = await call('{not json');
    expect(badJson.status).toBe(400);
    expectLimitHeaders(badJson, 100, 99);
    const invalid = await call({ url: 42 });
    expect(invalid.status).toBe(400);
    expectLimitHeaders(invalid, 100, 98);
    const upstream = await call({ url: 'upstream-down' });
    expect(upstream.status).toBe(502);
    expectLimitHeaders(upstream, 100, 97);
    const badToken = await call(undefined, { authorization: `Bearer gl_${'x'.repeat(32)}` });
    expect(badToken.status).toBe(401);
    expectLimitHeaders(badToken, 300, 299); // counted against the caller's address, like anyone anonymous
  });

  it('keeps a monthly window: past it, the month is the tighter limit and says when it resets', async () => {
    vi.stubEnv('API_DAILY_LIMIT', '2');
    vi.stubEnv('API_MONTHLY_LIMIT', '3');
    expect((await call()).status).toBe(200);
    expectLimitHeaders(await call(), 2, 0, 6 * 3600);
    expect((await call()).status).toBe(429);

    vi.setSystemTime(Date.UTC(2026, 10, 29, 12, 0, 0)); // a week later, 1.5 days before December
    const last = await call();
    expect(last.status).toBe(200);
    expectLimitHeaders(last, 3, 0, 36 * 3600);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe('Monthly API limit reached (3 requests). It resets on the 1st of next month at 00:00 UTC.');
    expect(refused.headers.get('retry-after')).toBe(String(36 * 3600));
    // The refused request used up nothing: the day still has one left once the month allows it.
    expect(await getApiUsage(userId, await getDb())).toMatchObject({ requestsToday: 1, requestsThisMonth: 3 });

    vi.setSystemTime(Date.UTC(2026, 11, 1, 0, 0, 0));
    expect((await call()).status).toBe(200);
  });

  it('never lets concurrent requests past the limit', async () => {
    vi.stubEnv('API_DAILY_LIMIT', '5');
    const answers = await Promise.all(Array.from({ length: 12 }, () => call()));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(7);
    expect((await getApiUsage(userId, await getDb())).requestsToday).toBe(5);
  });

  it('counts a user, not a token: a regenerated token continues the day', async () => {
    vi.stubEnv('API_DAILY_LIMIT', '2');
    await call();
    await call();
    const fresh = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie } })).json.data.token;
    expect((await call(undefined, { authorization: `Bearer ${fresh}` })).status).toBe(429);
  });

  it('limits anonymous callers per address behind a trusted proxy, and all together without one', async () => {
    vi.stubEnv('ANON_DAILY_LIMIT', '2');
    const from = (ip: string) => ({ ...fromPeer(), 'x-forwarded-for': ip });
    // Untrusted X-Forwarded-For is ignored: two "different" addresses share one bucket.
    expect((await call(undefined, from('203.0.113.1'))).status).toBe(200);
    expect((await call(undefined, from('203.0.113.2'))).status).toBe(200);
    const shared = await call(undefined, from('203.0.113.3'));
    expect(shared.status).toBe(429);
    expect(shared.json.error).toBe('Daily limit reached (2 requests). It resets at 00:00 UTC. Sign in for more.');

    vi.stubEnv('TRUST_PROXY', '1');
    for (let i = 0; i < 2; i++) expect((await call(undefined, from('198.51.100.7'))).status).toBe(200);
    // Rotating a forged entry in front of the one our proxy appended escapes nothing.
    expect((await call(undefined, from('10.9.8.7, 198.51.100.7'))).status).toBe(429);
    expect((await call(undefined, from('198.51.100.8'))).status).toBe(200);
  });

  it('limits signed-in browser sessions per user, apart from the API usage', async () => {
    vi.stubEnv('USER_DAILY_LIMIT', '2');
    expectLimitHeaders(await call(undefined, { cookie }), 2, 1);
    await call(undefined, { cookie });
    expect((await call(undefined, { cookie })).status).toBe(429);
    expect(await getApiUsage(userId, await getDb())).toMatchObject({ requestsToday: 0, requestsThisMonth: 0 });
    expect((await call()).status).toBe(200);
  });

  it('purges counters whose window has passed', async () => {
    const db = await getDb();
    await db.run('INSERT INTO rate_counters (key, period, count, expires_at) VALUES (?, ?, ?, ?)', ['ip:old', 'day:2020-01-01', 5, 1]);
    // The sweep runs at most every 10 minutes per process: move past every clock used so far in this file.
    sweepClock += 24 * 3600 * 1000;
    vi.setSystemTime(sweepClock);
    await call();
    await vi.waitFor(async () => {
      expect(await db.get('SELECT count FROM rate_counters WHERE key = ?', ['ip:old'])).toBeUndefined();
    });
  });
});
