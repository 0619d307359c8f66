import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '@/lib/errors';

import { createPlatformBreaker } from './breaker';
import { resolveEngine } from './engine';
import { extractForPlatform } from './platform-access';
import { createYtdlpPool, type YtdlpPool } from './pool';
import { startTestSite, type TestSite } from './test-site';

function caught(fn: () => void): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a throw');
}

describe('platform breaker', () => {
  it('pauses only the platform that pushed back, doubling the pause up to the cap, until a success', () => {
    let now = 1_000_000;
    const breaker = createPlatformBreaker({ baseMs: 60_000, maxMs: 200_000, now: () => now });
    breaker.record('youtube', new AppError('bot_check', 'x'));
    const paused = caught(() => breaker.check('youtube'));
    expect(paused.code).toBe('platform_paused');
    expect(paused.status).toBe(503);
    expect(paused.details).toMatchObject({ retryAfter: 60, platform: 'youtube', cause: 'bot_check' });
    expect(paused.message).toMatch(/paused for a moment.* Retry after \d{2}:\d{2} UTC\.$/);
    expect(() => breaker.check('tiktok')).not.toThrow();
    now += 60_000;
    expect(() => breaker.check('youtube')).not.toThrow(); // the pause is over: the next answer decides
    expect(breaker.state().youtube).toMatchObject({ state: 'trial', trips: 1 });
    breaker.record('youtube', new AppError('platform_rate_limited', 'x'));
    expect(caught(() => breaker.check('youtube')).details).toMatchObject({ retryAfter: 120 });
    now += 120_000;
    breaker.record('youtube', new AppError('ip_blocked', 'x'));
    expect(caught(() => breaker.check('youtube')).details).toMatchObject({ retryAfter: 200 }); // capped
    expect(breaker.state().youtube).toMatchObject({ state: 'open', trips: 3, lastCode: 'ip_blocked' });
    now += 200_000;
    breaker.record('youtube', null);
    expect(breaker.state()).toEqual({});
    breaker.record('youtube', new AppError('bot_check', 'x'));
    expect(caught(() => breaker.check('youtube')).details).toMatchObject({ retryAfter: 60 }); // back to the first step
  });

  it('ignores failures that say nothing about the platform, and never pauses generic links', () => {
    const breaker = createPlatformBreaker();
    for (const code of ['private_content', 'content_unavailable', 'upstream_failed', 'login_required'] as const) {
      breaker.record('instagram', new AppError(code, 'x'));
    }
    breaker.record('instagram', new Error('boom'));
    breaker.record('generic', new AppError('platform_rate_limited', 'x'));
    expect(breaker.state()).toEqual({});
    expect(() => breaker.check('generic')).not.toThrow();
  });
});

describe('platform breaker with a real worker and a fixture platform', () => {
  let site: TestSite;
  let pool: YtdlpPool;
  const plugins = join(process.cwd(), 'lib', 'media', 'ytdlp', 'fixtures', 'plugins');
  // A platform without a name has no canary, so its failures never ask the store for an outage.
  const noStore = () => Promise.reject(new Error('no store in this test'));

  beforeAll(async () => {
    site = await startTestSite();
    process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
    const engine = resolveEngine();
    pool = createYtdlpPool({ size: 1, pythonPath: [engine.pythonPath, plugins].filter(Boolean).join(':') });
  });

  afterAll(async () => {
    await pool?.close();
    await site?.close();
    delete process.env.MEDIA_FETCH_ALLOW;
  });

  it('a bot check trips the breaker: the next analyses of that platform are answered at once, others still analyse', async () => {
    const breaker = createPlatformBreaker({ baseMs: 5 * 60_000 });
    const ok = await extractForPlatform('fixture', `${site.origin}/fixture-platform/clip1`, { pool, breaker, db: noStore });
    expect(ok.extractor_key).toBe('GrablineFixturePlatform');

    const bot = await extractForPlatform('fixture', `${site.origin}/fixture-platform/bot-1`, { pool, breaker, db: noStore }).catch((e: unknown) => e);
    expect(bot).toBeInstanceOf(AppError);
    expect((bot as AppError).code).toBe('bot_check');
    expect((bot as AppError).details?.engineMessage).toMatch(/Sign in to confirm you’re not a bot/);

    const started = performance.now();
    const paused = await extractForPlatform('fixture', `${site.origin}/fixture-platform/clip2`, { pool, breaker, db: noStore }).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(50); // no worker was asked
    expect((paused as AppError).code).toBe('platform_paused');
    expect((paused as AppError).details).toMatchObject({ retryAfter: 300, platform: 'fixture' });
    expect(Date.parse(String((paused as AppError).details?.retryAt))).toBeGreaterThan(Date.now());
    expect(breaker.state().fixture).toMatchObject({ state: 'open', trips: 1, lastCode: 'bot_check' });

    const other = await extractForPlatform('elsewhere', `${site.origin}/fixture-platform/clip3`, { pool, breaker, db: noStore });
    expect(other.title).toBe('Fixture clip');
    expect(pool.state().restarts).toBe(0);
  });
});
