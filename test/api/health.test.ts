import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as live } from '@/app/api/health/live/route';
import { GET as ready } from '@/app/api/health/ready/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { closeDb } from '@/lib/db';
import { closeRedis } from '@/lib/redis/connection';
import { REDIS_SKIP_REASON, testRedisUrl } from '@/test/redis-server';
import { account } from './admin.testkit';

/** Liveness is always cheap, readiness says whether this node can take work, details are for the operator. */
const [sqlite] = appStores();
let close: () => Promise<void>;
const forgetVersionProbes = () => delete (globalThis as { __grablineVersions?: unknown }).__grablineVersions;

beforeEach(async () => {
  close = await sqlite.open();
  forgetVersionProbes();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  forgetVersionProbes();
  await close();
});

describe('GET /api/health/live', () => {
  it('answers 200 without touching the store or the tools', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:1/none');
    vi.stubEnv('FFMPEG_PATH', '/nonexistent/ffmpeg');
    const res = await callRoute(live, '/api/health/live');
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/ready', () => {
  it('is ready when the store, ffmpeg, the engine and the temp folder answer', async () => {
    const res = await callRoute(ready, '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ status: 'ready', checks: { database: true, ffmpeg: true, engine: true, tempSpace: true } });
  });

  it('is 503 naming ffmpeg when ffmpeg cannot run', async () => {
    vi.stubEnv('FFMPEG_PATH', '/nonexistent/ffmpeg');
    const res = await callRoute(ready, '/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.json).toMatchObject({ code: 'unavailable', error: 'Not ready: ffmpeg' });
  });

  it('is 503 naming the database when the store does not answer', async () => {
    await closeDb();
    vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:1/none');
    const res = await callRoute(ready, '/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.json.error).toBe('Not ready: database');
    await closeDb();
  });

  it('with REDIS_URL, is 503 naming redis when Redis does not answer', async () => {
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    const res = await callRoute(ready, '/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.json.error).toBe('Not ready: redis');
    expect(res.json.details.checks).toMatchObject({ database: true, redis: false });
    await closeRedis();
  });

  it('with FILE_STORE_DIR, checks the shared directory can take a file, and names it when not', async () => {
    vi.stubEnv('FILE_STORE_DIR', path.join(tmpdir(), `grabline-ready-${process.pid}`));
    const res = await callRoute(ready, '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.json.data.checks).toEqual({ database: true, ffmpeg: true, engine: true, tempSpace: true, fileStore: true });
    vi.stubEnv('FILE_STORE_DIR', '/dev/null/store');
    const down = await callRoute(ready, '/api/health/ready');
    expect(down.status).toBe(503);
    expect(down.json.error).toBe('Not ready: fileStore');
    rmSync(path.join(tmpdir(), `grabline-ready-${process.pid}`), { recursive: true, force: true });
  });

  it.runIf(testRedisUrl)(testRedisUrl ? 'with REDIS_URL, checks that Redis answers' : `with REDIS_URL, checks that Redis answers — ${REDIS_SKIP_REASON}`, async () => {
    vi.stubEnv('REDIS_URL', testRedisUrl!);
    const res = await callRoute(ready, '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.json.data.checks).toEqual({ database: true, ffmpeg: true, engine: true, tempSpace: true, redis: true });
    await closeRedis();
  });
});

describe('GET /api/health', () => {
  const OPERATOR = 'operator-secret-0123456789';
  const details = { node: process.version, ffmpeg: expect.stringContaining('ffmpeg') };

  it('without HEALTH_TOKEN, shows the status alone to anyone but a signed-in admin, who gets versions and the pool', async () => {
    vi.stubEnv('HEALTH_TOKEN', '');
    const anonymous = await callRoute(health, '/api/health');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json.data).toEqual({ status: expect.stringMatching(/^(ok|degraded)$/) });
    const member = await account('member@example.com');
    expect((await callRoute(health, '/api/health', { headers: { cookie: member.cookie } })).json.data).toEqual({ status: anonymous.json.data.status });
    // A bearer that is no token at all is no admin either.
    expect(Object.keys((await callRoute(health, '/api/health', { headers: { authorization: 'Bearer anything' } })).json.data)).toEqual(['status']);
    const admin = await account('admin@example.com', true);
    const shown = await callRoute(health, '/api/health', { headers: { cookie: admin.cookie } });
    expect(shown.json.data).toMatchObject(details);
    expect(shown.json.data.pool).toBeDefined();
  });

  it('with HEALTH_TOKEN, shows them to that token and to a signed-in admin only', async () => {
    vi.stubEnv('HEALTH_TOKEN', OPERATOR);
    const anonymous = await callRoute(health, '/api/health');
    expect(Object.keys(anonymous.json.data)).toEqual(['status']);
    const wrong = await callRoute(health, '/api/health', { headers: { authorization: 'Bearer operator-secret-0123456780' } });
    expect(Object.keys(wrong.json.data)).toEqual(['status']);
    const operator = await callRoute(health, '/api/health', { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(operator.json.data).toMatchObject(details);
    const member = await account('member@example.com');
    expect(Object.keys((await callRoute(health, '/api/health', { headers: { cookie: member.cookie } })).json.data)).toEqual(['status']);
    const admin = await account('admin@example.com', true);
    expect((await callRoute(health, '/api/health', { headers: { cookie: admin.cookie } })).json.data).toMatchObject(details);
  });
});
