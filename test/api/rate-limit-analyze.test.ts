import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as analyze } from '@/app/api/analyze/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as bulk } from '@/app/api/bulk/route';
import { GET as readBatch } from '@/app/api/bulk/[batchId]/route';
import { GET as status } from '@/app/api/status/[jobId]/route';
import { appStores, callRoute, type CallResult } from '@/lib/auth/store.testkit';
import { fromPeer } from '@/test/peer';

// The site's own entry points that start analyses. Their links point at a private address, so every job ends
// at once (private_address) without touching a network.
const LINK = 'http://127.0.0.1:9/clip.mp4';
const T0 = Date.UTC(2026, 10, 22, 18, 20, 0); // 18:20 UTC: 40 minutes to the hour's end
const HOUR_LEFT = 40 * 60;

function expectLimitHeaders(res: CallResult, limit: number, remaining: number, reset?: number) {
  expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(res.headers.get('ratelimit-remaining')).toBe(String(remaining));
  if (reset !== undefined) expect(res.headers.get('ratelimit-reset')).toBe(String(reset));
}

const postAnalyze = (headers: Record<string, string> = {}, body: unknown = { url: LINK, engine: 'native' }) =>
  callRoute(analyze, '/api/analyze', { body, headers });
const postBulk = (links: number, headers: Record<string, string> = {}) =>
  callRoute(bulk, '/api/bulk', { body: { urls: Array.from({ length: links }, (_, i) => `${LINK}?n=${i}`) }, headers });
const pollJob = (jobId: string) => callRoute(status, `/api/status/${jobId}`, { params: { jobId } });
/** A batch is read at the statusUrl its start returned (an anonymous batch's carries its key), by its owner. */
const pollBatch = (started: { batchId: string; statusUrl: string }, headers: Record<string, string> = {}) =>
  callRoute(readBatch, started.statusUrl, { params: { batchId: started.batchId }, headers });

describe.each(appStores())('the analyze and bulk limits on $name', ({ open }) => {
  let close: () => Promise<void>;
  let cookie: string;
  const started: Array<() => Promise<boolean>> = [];

  /** Keeps what a call started, so the store closes only once its jobs and batches have ended. */
  function track(res: CallResult, headers: Record<string, string> = {}): CallResult {
    const { jobId, batchId } = res.json?.data ?? {};
    if (jobId) started.push(async () => ['ready', 'error'].includes((await pollJob(jobId)).json.data.status));
    if (batchId) started.push(async () => (await pollBatch(res.json.data, headers)).json.data.done);
    return res;
  }

  beforeEach(async () => {
    close = await open();
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const credentials = { email: 'ada@example.com', password: 'correct horse' };
    await callRoute(register, '/api/auth/register', { body: credentials });
    cookie = `gl_access=${(await callRoute(login, '/api/auth/login', { body: credentials })).json.data.accessToken}`;
  });
  afterEach(async () => {
    await vi.waitFor(async () => expect(await Promise.all(started.map((ended) => ended()))).not.toContain(false), { timeout: 15_000 });
    started.length = 0;
    vi.useRealTimers();
    vi.unstubAllEnvs();
    await close();
  });

  it('meters POST /api/analyze with the headers; the call past the limit is 429 rate_limited until the hour ends', async () => {
    expectLimitHeaders(track(await postAnalyze()), 100, 99, HOUR_LEFT); // the default
    vi.stubEnv('ANON_ANALYZE_HOURLY_LIMIT', '3');
    const second = track(await postAnalyze());
    expect(second.status).toBe(200);
    expect(second.json.data.jobId).toMatch(/^job_/);
    expectLimitHeaders(second, 3, 1, HOUR_LEFT);
    expectLimitHeaders(track(await postAnalyze()), 3, 0);

    const refused = await postAnalyze();
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      success: false,
      error: 'Too many links this hour (the limit is 3). It resets at 19:00 UTC. Sign in for more.',
      code: 'rate_limited',
    });
    expectLimitHeaders(refused, 3, 0, HOUR_LEFT);
    expect(refused.headers.get('retry-after')).toBe(String(HOUR_LEFT));
    // A body that starts nothing is not charged, and still shows where the caller stands.
    const invalid = await postAnalyze({}, '{not json');
    expect(invalid.status).toBe(400);
    expectLimitHeaders(invalid, 3, 0);

    vi.setSystemTime(Date.UTC(2026, 10, 22, 19, 0, 1));
    expectLimitHeaders(track(await postAnalyze()), 3, 2, 3599);
  });

  it('does not charge polling: GET /api/status/{id} and GET /api/bulk/{id} cost nothing', async () => {
    vi.stubEnv('ANON_ANALYZE_HOURLY_LIMIT', '3');
    const { jobId } = track(await postAnalyze()).json.data;
    const batch = track(await postBulk(1)).json.data;
    for (let i = 0; i < 10; i++) {
      expect((await pollJob(jobId)).status).toBe(200);
      expect((await pollBatch(batch)).status).toBe(200);
    }
    expectLimitHeaders(track(await postAnalyze()), 3, 0);
    expect((await postAnalyze()).status).toBe(429);
  });

  it('charges a bulk batch once per link, all or none', async () => {
    vi.stubEnv('ANON_ANALYZE_HOURLY_LIMIT', '5');
    expectLimitHeaders(track(await postBulk(3)), 5, 2);
    const tooMany = await postBulk(3);
    expect(tooMany.status).toBe(429);
    expect(tooMany.json.code).toBe('rate_limited');
    expectLimitHeaders(tooMany, 5, 2); // the refused batch used up nothing
    const fits = track(await postBulk(2));
    expect(fits.status).toBe(200);
    expectLimitHeaders(fits, 5, 0);
    expect((await postAnalyze()).status).toBe(429);
  });

  it('meters a signed-in user by account, apart from anonymous callers', async () => {
    vi.stubEnv('ANON_ANALYZE_HOURLY_LIMIT', '1');
    vi.stubEnv('USER_ANALYZE_HOURLY_LIMIT', '2');
    expectLimitHeaders(track(await postAnalyze()), 1, 0);
    expect((await postAnalyze()).status).toBe(429);

    expectLimitHeaders(track(await postAnalyze({ cookie })), 2, 1);
    expectLimitHeaders(track(await postBulk(1, { cookie }), { cookie }), 2, 0);
    const refused = await postAnalyze({ cookie });
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe('Too many links this hour (the limit is 2). It resets at 19:00 UTC.');
    // An invalid credential is simply anonymous, as everywhere on the site: it cannot open a fresh quota.
    expect((await postAnalyze({ authorization: 'Bearer not-a-token' })).status).toBe(429);
  });

  it('counts anonymous callers per address behind a trusted proxy, and all together without one', async () => {
    vi.stubEnv('ANON_ANALYZE_HOURLY_LIMIT', '1');
    const from = (ip: string) => ({ ...fromPeer(), 'x-forwarded-for': ip });
    expect(track(await postAnalyze(from('203.0.113.1'))).status).toBe(200);
    expect((await postAnalyze(from('203.0.113.2'))).status).toBe(429);

    vi.stubEnv('TRUST_PROXY', '1');
    expect(track(await postAnalyze(from('203.0.113.1'))).status).toBe(200);
    // A forged entry in front of the one our proxy appended changes nothing.
    expect((await postAnalyze(from('10.0.0.1, 203.0.113.1'))).status).toBe(429);
    expect(track(await postAnalyze(from('203.0.113.2'))).status).toBe(200);
  });
});
