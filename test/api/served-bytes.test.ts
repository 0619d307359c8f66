import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { getDb } from '@/lib/db';
import { countOwnerBytes, ownerBytesToday } from '@/lib/limits/bytes';
import { writeUserLimits } from '@/lib/limits/store';
import { dropPrefix, REDIS_SKIP_REASON, testPrefix, testRedisUrl } from '@/test/redis-server';
import { analyze, bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { signUp } from './history.testkit';
import { fromPeer } from '@/test/peer';

// Files served straight from GET /api/download/{id} count their bytes against the caller's day as they are
// delivered, and past USER_DAILY_BYTES (or an admin's own limit for a user) the next body never starts.
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(() => env?.close());
afterEach(() => {
  for (const name of ['USER_DAILY_BYTES', 'TRUST_PROXY']) delete process.env[name];
});

const nextUtcMidnight = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
};
const used = async (owner: string) => (await ownerBytesToday(await getDb(), owner)).used;

async function expectRefused(res: Response) {
  expect(res.status).toBe(429);
  const body = await res.json();
  expect(body).toMatchObject({ success: false, code: 'daily_bytes_exceeded', details: { retryAt: nextUtcMidnight() } });
}

// The counters live in the store, or in Redis with REDIS_URL: the same cases on each.
const backends = [{ name: 'the store', redis: undefined as string | undefined }, ...(testRedisUrl ? [{ name: 'Redis', redis: testRedisUrl }] : [])];
if (!testRedisUrl) it.skip(`daily bytes of files served directly on Redis — ${REDIS_SKIP_REASON}`, () => {});

describe.each(backends)('daily bytes of files served directly, counted in $name', ({ name: backend, redis }) => {
  const prefix = testPrefix();
  beforeAll(() => {
    if (redis) Object.assign(process.env, { REDIS_URL: redis, REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    if (!redis) return;
    const { closeRedis } = await import('@/lib/redis/connection');
    await closeRedis();
    await dropPrefix(redis, prefix);
    delete process.env.REDIS_URL;
    delete process.env.REDIS_PREFIX;
  });
  const tag = backend === 'Redis' ? 'r' : 's';

  it("counts a signed-in caller's direct download as delivered, then refuses the next one with daily_bytes_exceeded", async () => {
    const media = await analyze(env.site, `/video.mp4?served=1${tag}`);
    const ada = await signUp(`ada-served-${tag}@example.com`);
    process.env.USER_DAILY_BYTES = '1000000';
    const first = await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: ada.cookie } }));
    expect(first.length).toBeGreaterThan(1_000_000);
    expect(await used(`user:${ada.userId}`)).toBe(first.length);
    // counted where the deployment keeps its counters: the store's table only without Redis
    const stored = await (await getDb()).get('SELECT count FROM byte_counters WHERE key = ?', [`bytes:user:${ada.userId}`]);
    expect(Boolean(stored)).toBe(!redis);
    await expectRefused(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: ada.cookie } }));
    expect(await used(`user:${ada.userId}`)).toBe(first.length);
  }, 60_000);

  it("counts only what a body really delivered when the client goes away part-way", async () => {
    const media = await analyze(env.site, `/video.mp4?served=2${tag}`);
    const bea = await signUp(`bea-served-${tag}@example.com`);
    const res = await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: bea.cookie } });
    const reader = res.body!.getReader();
    let read = 0;
    while (read < 2 * 1024 * 1024) read += (await reader.read()).value!.byteLength;
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await used(`user:${bea.userId}`)).toBe(read);
  }, 60_000);

  it("applies an admin's own limit for a user over USER_DAILY_BYTES, both ways", async () => {
    const media = await analyze(env.site, `/video.mp4?served=3${tag}`);
    const cy = await signUp(`cy-served-${tag}@example.com`);
    const dee = await signUp(`dee-served-${tag}@example.com`);
    process.env.USER_DAILY_BYTES = '1';
    const db = await getDb();
    await writeUserLimits(db, cy.userId, { concurrentJobs: null, dailyBytes: 50_000_000 }, Date.now());
    await writeUserLimits(db, dee.userId, { concurrentJobs: null, dailyBytes: 1000 }, Date.now());
    delete process.env.USER_DAILY_BYTES; // dee's own limit binds with no instance limit at all
    const cyFirst = await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: cy.cookie } }));
    process.env.USER_DAILY_BYTES = '1';
    const cySecond = await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: cy.cookie } }));
    expect(cySecond.length).toBe(cyFirst.length);
    expect(await used(`user:${cy.userId}`)).toBe(2 * cyFirst.length);
    await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: dee.cookie } }));
    await expectRefused(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: dee.cookie } }));
  }, 60_000);

  it('counts anonymous callers by their address behind a trusted proxy, each on its own', async () => {
    const media = await analyze(env.site, `/video.mp4?served=4${tag}`);
    process.env.USER_DAILY_BYTES = '1000';
    process.env.TRUST_PROXY = '1';
    const from = (address: string) => ({ headers: { ...fromPeer(), 'x-forwarded-for': address } });
    const size = (await bodyOf(await requestDownload(media.info.id, 'mp4-720', from('203.0.113.7')))).length;
    expect(size).toBeGreaterThan(1000);
    await expectRefused(await requestDownload(media.info.id, 'mp4-720', from('203.0.113.7')));
    // another address has its own day; a forged entry before the proxy's own is not the caller's address
    expect((await bodyOf(await requestDownload(media.info.id, 'mp4-720', from('203.0.113.8')))).length).toBe(size);
    await expectRefused(await requestDownload(media.info.id, 'mp4-720', from('198.51.100.1, 203.0.113.7')));
    // without a trusted proxy every anonymous visitor is one owner no limit binds
    delete process.env.TRUST_PROXY;
    expect((await requestDownload(media.info.id, 'mp4-720', from('203.0.113.7'))).status).toBe(200);
  }, 60_000);

  it("does not charge twice for a file the owner's own job prepared and counted, but does charge a second copy", async () => {
    const media = await analyze(env.site, `/video.mp4?served=5${tag}`);
    const eve = await signUp(`eve-served-${tag}@example.com`);
    const owner = `user:${eve.userId}`;
    const size = (await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: (await signUp(`fay-served-${tag}@example.com`)).cookie } }))).length;
    await countOwnerBytes(await getDb(), owner, size, { mediaId: media.info.id, itag: 'mp4-720' });
    await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: eve.cookie } }));
    expect(await used(owner)).toBe(size);
    await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: eve.cookie } }));
    expect(await used(owner)).toBe(2 * size);
  }, 60_000);

  it("serves a file the owner's job prepared even when that preparation reached the limit, and nothing after it", async () => {
    const media = await analyze(env.site, `/video.mp4?served=6${tag}`);
    const gus = await signUp(`gus-served-${tag}@example.com`);
    const owner = `user:${gus.userId}`;
    const size = (await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: (await signUp(`hal-served-${tag}@example.com`)).cookie } }))).length;
    process.env.USER_DAILY_BYTES = String(size);
    await countOwnerBytes(await getDb(), owner, size, { mediaId: media.info.id, itag: 'mp4-720' });
    expect((await bodyOf(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: gus.cookie } }))).length).toBe(size);
    expect(await used(owner)).toBe(size);
    await expectRefused(await requestDownload(media.info.id, 'mp4-720', { headers: { cookie: gus.cookie } }));
    // a credit for one offer opens no other
    await expectRefused(await requestDownload(media.info.id, 'mp4-360', { headers: { cookie: gus.cookie } }));
  }, 60_000);

  it("a real download job's file: counted once when prepared, served even though that took the owner past the limit", async () => {
    const ivy = await signUp(`ivy-served-${tag}@example.com`);
    const owner = `user:${ivy.userId}`;
    process.env.USER_DAILY_BYTES = '1000';
    const headers = { cookie: ivy.cookie, origin: 'http://localhost', 'content-type': 'application/json' };
    const started = await startDownload(new NextRequest('http://localhost/api/media/download', {
      method: 'POST', headers, body: JSON.stringify({ url: `${env.site.origin}/video.mp4?served=7${tag}`, quality: '360p', format: 'mp4' }),
    }), { params: Promise.resolve({}) });
    const id = (await started.json()).data.downloadId as string;
    let downloadUrl: string | null = null;
    for (let i = 0; i < 1500 && !downloadUrl; i++) {
      const res = await progressGet(new NextRequest(`http://localhost/api/media/progress/${id}`, { headers: { cookie: ivy.cookie } }), { params: Promise.resolve({ id }) });
      const data = (await res.json()).data;
      expect(data.status).not.toBe('failed');
      downloadUrl = data.downloadUrl;
      if (!downloadUrl) await new Promise((r) => setTimeout(r, 20));
    }
    const link = new URL(downloadUrl!, 'http://localhost');
    const mediaId = link.pathname.split('/').pop()!;
    const query = Object.fromEntries([...link.searchParams].filter(([name]) => name !== 'itag' && name !== 'ext'));
    const call = { ext: link.searchParams.get('ext')!, headers: { cookie: ivy.cookie }, query };
    const prepared = await used(owner);
    expect(prepared).toBeGreaterThan(1000);
    const file = await bodyOf(await requestDownload(mediaId, link.searchParams.get('itag')!, call));
    expect(file.length).toBe(prepared);
    expect(await used(owner)).toBe(prepared);
    await expectRefused(await requestDownload(mediaId, link.searchParams.get('itag')!, call));
  }, 90_000);
});
