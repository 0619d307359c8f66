import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as readLimits, PUT as writeLimits } from '@/app/api/admin/users/[id]/limits/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as startBatch } from '@/app/api/bulk/route';
import { POST as startDownload } from '@/app/api/media/download/route';
import { callerOf, UNTOLD_ANONYMOUS } from '@/lib/auth/caller';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { getDb } from '@/lib/db';
import { countOwnerBytes } from '@/lib/limits/bytes';
import { admitOwner } from '@/lib/limits/owner';
import { fromPeer } from '@/test/peer';

const password = 'correct horse battery';
const signUp = (email: string) => callRoute(register, '/api/auth/register', { body: { email, password } });
const cookieOf = async (email: string) =>
  `gl_access=${(await callRoute(login, '/api/auth/login', { body: { email, password } })).json.data.accessToken}`;
const idOf = async (email: string) => (await (await getDb()).get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]))!.id;
const nextUtcMidnight = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
};
const callerFrom = (address: string | undefined, user: { id: string } | null) =>
  callerOf(new Headers(address ? { ...fromPeer(), 'x-forwarded-for': address } : {}), user && { ...user, email: '' });

describe.each(appStores())('per-user limits on $name', ({ open }) => {
  let close: () => Promise<void>;
  beforeEach(async () => {
    close = await open();
    await signUp('root@example.com');
    // An admin as another admin would make one: a password registration never does, whatever ADMIN_EMAILS lists.
    await (await getDb()).run("UPDATE users SET role = 'admin' WHERE email = 'root@example.com'");
    await signUp('ada@example.com');
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('lets an admin read and set a user\'s limits; null goes back to the default; 404 for members, strangers and unknown users', async () => {
    const admin = await cookieOf('root@example.com');
    const member = await cookieOf('ada@example.com');
    const ada = await idOf('ada@example.com');
    const url = `/api/admin/users/${ada}/limits`;
    const get = (cookie?: string, id = ada) => callRoute(readLimits, url, { headers: cookie ? { cookie } : {}, params: { id } });
    const put = (body: unknown, cookie = admin, id = ada) =>
      callRoute(writeLimits, url, { method: 'PUT', body, headers: { cookie, origin: 'http://localhost' }, params: { id } });

    expect((await get(admin)).json).toEqual({ success: true, data: { concurrentJobs: null, dailyBytes: null, usedBytesToday: 0 } });
    for (const attempt of [await get(member), await get(), await put({ concurrentJobs: 1, dailyBytes: null }, member), await get(admin, 'usr_nobody')]) {
      expect(attempt.status).toBe(404);
      expect(attempt.json.code).toBe('not_found');
    }
    expect((await put({ concurrentJobs: 0, dailyBytes: null })).json.code).toBe('invalid_request');
    expect((await put({ concurrentJobs: 3 })).json.code).toBe('invalid_request');

    const set = await put({ concurrentJobs: 3, dailyBytes: 5_000_000_000 });
    expect(set.json.data).toEqual({ concurrentJobs: 3, dailyBytes: 5_000_000_000, usedBytesToday: 0 });
    await countOwnerBytes(await getDb(), `user:${ada}`, 3_000_000_000);
    await countOwnerBytes(await getDb(), `user:${ada}`, 1_500_000_000);
    expect((await get(admin)).json.data).toEqual({ concurrentJobs: 3, dailyBytes: 5_000_000_000, usedBytesToday: 4_500_000_000 });
    expect(await admitOwner(await getDb(), callerFrom(undefined, { id: ada }))).toEqual({ key: `user:${ada}`, concurrentJobs: 3 });

    vi.stubEnv('USER_CONCURRENT_JOBS', '2');
    const reset = await put({ concurrentJobs: null, dailyBytes: null });
    expect(reset.json.data).toEqual({ concurrentJobs: null, dailyBytes: null, usedBytesToday: 4_500_000_000 });
    expect(await admitOwner(await getDb(), callerFrom(undefined, { id: ada }))).toEqual({ key: `user:${ada}`, concurrentJobs: 2 });
  });

  it('refuses new work past the daily bytes with daily_bytes_exceeded and when it renews (UTC midnight)', async () => {
    vi.stubEnv('USER_DAILY_BYTES', '1000');
    const ada = await idOf('ada@example.com');
    const cookie = await cookieOf('ada@example.com');
    await countOwnerBytes(await getDb(), `user:${ada}`, 1000);
    const body = { url: 'https://example.com/video.mp4', quality: '720p', format: 'mp4' };
    const refused = await callRoute(startDownload, '/api/media/download', { body, headers: { cookie, origin: 'http://localhost' } });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ success: false, code: 'daily_bytes_exceeded', details: { retryAt: nextUtcMidnight(), limit: 1000 } });
    const batch = await callRoute(startBatch, '/api/bulk', { body: { urls: [body.url], quality: '720p', format: 'mp4' }, headers: { cookie, origin: 'http://localhost' } });
    expect(batch.json).toMatchObject({ code: 'daily_bytes_exceeded', details: { retryAt: nextUtcMidnight() } });

    // An admin's own limit for the user outranks the instance's.
    const admin = await cookieOf('root@example.com');
    await callRoute(writeLimits, `/api/admin/users/${ada}/limits`, {
      method: 'PUT', body: { concurrentJobs: null, dailyBytes: 2000 }, headers: { cookie: admin, origin: 'http://localhost' }, params: { id: ada },
    });
    await expect(admitOwner(await getDb(), callerFrom(undefined, { id: ada }))).resolves.toMatchObject({ key: `user:${ada}` });
    await countOwnerBytes(await getDb(), `user:${ada}`, 1000);
    await expect(admitOwner(await getDb(), callerFrom(undefined, { id: ada }))).rejects.toMatchObject({ code: 'daily_bytes_exceeded' });
  });

  it('counts each anonymous address as its own owner behind a trusted proxy, and binds no limit on visitors it cannot tell apart', async () => {
    vi.stubEnv('USER_DAILY_BYTES', '1000');
    const untold = await admitOwner(await getDb(), callerFrom(undefined, null));
    expect(untold).toEqual({ key: UNTOLD_ANONYMOUS });
    vi.stubEnv('TRUST_PROXY', '1');
    const first = await admitOwner(await getDb(), callerFrom('203.0.113.7', null));
    const second = await admitOwner(await getDb(), callerFrom('198.51.100.2', null));
    expect(first.key).toMatch(/^ip:[0-9a-f]{32}$/);
    expect(second.key).not.toBe(first.key);
    expect(first.concurrentJobs).toBe(2);
    await countOwnerBytes(await getDb(), first.key, 1000);
    await expect(admitOwner(await getDb(), callerFrom('203.0.113.7', null))).rejects.toMatchObject({ code: 'daily_bytes_exceeded' });
    await expect(admitOwner(await getDb(), callerFrom('198.51.100.2', null))).resolves.toEqual(second);
  });
});
