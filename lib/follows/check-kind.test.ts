import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { peek } from '@/lib/rate-limit/counters';
import { userAnalyzeQuotas } from '@/lib/rate-limit/quotas';
import { closeRedis } from '@/lib/redis/connection';
import { createSqliteTestDb, dbEngines } from '@/test/db-engines';
import { dropPrefix, testPrefix, testRedisUrl } from '@/test/redis-server';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { AppError } from '@/lib/errors';
import { channelId, countingWrites, fixtureCheck, followChannel, seedUser } from './follows.testkit';
import { updateFollow } from './follows-store';
import { followFiltersSchema } from './schemas';
import { expectedBytes } from './estimate';
import { listUploads, reserveDownload, settleDownload, usedFollowBytes } from './uploads-store';

let site: FixtureSite;
const saved = { ...process.env };
beforeAll(async () => {
  site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
});
afterAll(async () => {
  await site?.close();
  process.env = saved;
});

const upload = (n: number, query = '') => fetch(`${site.origin}/creators/${channelId(n)}/upload${query}`, { method: 'POST' }).then((r) => r.json());

describe.each(dbEngines().map((engine, i) => ({ ...engine, base: 100 * (i + 1) })))('follow checks on $name', ({ create, base }) => {
  let db: Db;
  let user: string;
  beforeEach(async () => {
    db = await create();
    user = await seedUser(db);
  });
  afterEach(async () => db.close());

  const seenRows = (followId: string) =>
    db.query<{ media_id: string; state: string; reason: string | null }>('SELECT media_id, state, reason FROM follow_uploads WHERE follow_id = ? ORDER BY media_id', [followId]);

  it('marks what exists at the first check as seen and lists nothing', async () => {
    const follow = await followChannel(db, user, base + 1, Date.now());
    const check = fixtureCheck(db, site.origin);
    await check.run(follow.id);
    const rows = await seenRows(follow.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.state === 'skipped' && row.reason === 'before_follow')).toBe(true);
    expect(check.found).toEqual([]);
    expect(await listUploads(db, user)).toEqual([]);
  });

  it('lists an upload that appeared between two checks (pick mode), and reports it once', async () => {
    const follow = await followChannel(db, user, base + 2, Date.now());
    const check = fixtureCheck(db, site.origin);
    await check.run(follow.id);
    const { mediaId } = await upload(base + 2, '?title=Brand+new+episode');
    await check.run(follow.id);
    await check.run(follow.id);
    expect(check.found).toHaveLength(1);
    expect(check.found[0]).toMatchObject({ userId: user, followId: follow.id, creator: `Creator ${channelId(base + 2).slice(-4)}`, platform: 'youtube' });
    expect(check.found[0].uploads).toMatchObject([{ mediaId, title: 'Brand new episode' }]);
    expect(check.found[0].uploads[0].url).toMatch(new RegExp(`^${site.origin}/creators/${channelId(base + 2)}/videos/4\\.mp4$`));
    const listed = await listUploads(db, user);
    expect(listed).toMatchObject([{ mediaId, state: 'new', creator: `Creator ${channelId(base + 2).slice(-4)}`, title: 'Brand new episode' }]);
  });

  it('writes nothing to the store when a check finds nothing new, but the link it is charged', async () => {
    const follow = await followChannel(db, user, base + 3, Date.now());
    await fixtureCheck(db, site.origin).run(follow.id);
    const counted = countingWrites(db);
    const check = fixtureCheck(counted.db, site.origin);
    await check.run(follow.id);
    expect(counted.writes.filter((sql) => !/\brate_counters\b/.test(sql))).toEqual([]);
    expect(counted.writes.some((sql) => /INSERT INTO rate_counters/.test(sql))).toBe(true);
    await upload(base + 3);
    await check.run(follow.id);
    expect(counted.writes.length).toBeGreaterThan(0);
  });

  it('leaves out what the filters exclude before anything is listed', async () => {
    const follow = await followChannel(db, user, base + 4, Date.now());
    const check = fixtureCheck(db, site.origin);
    await check.run(follow.id);
    await updateFollow(db, user, follow.id, { filters: followFiltersSchema.parse({ titleExcludes: 'trailer', skipShorts: true, titleContains: 'episode' }) });
    const kept = await upload(base + 4, '?title=Episode+12');
    const trailer = await upload(base + 4, '?title=Episode+13+TRAILER');
    const short = await upload(base + 4, '?title=Episode+14+in+a+minute&short=1');
    const offTopic = await upload(base + 4, '?title=Studio+tour');
    await check.run(follow.id);
    expect(check.found).toHaveLength(1);
    expect(check.found[0].uploads.map((u) => u.mediaId)).toEqual([kept.mediaId]);
    const rows = new Map((await seenRows(follow.id)).map((row) => [row.media_id, row]));
    for (const skipped of [trailer, short, offTopic]) expect(rows.get(skipped.mediaId)).toMatchObject({ state: 'skipped', reason: 'filter' });
    expect((await listUploads(db, user)).map((u) => u.mediaId)).toEqual([kept.mediaId]);
  });

  it('does not check a paused follow', async () => {
    const follow = await followChannel(db, user, base + 5, Date.now());
    await updateFollow(db, user, follow.id, { paused: true });
    const before = site.stats.byPath.get('/creators/feeds/videos.xml') ?? 0;
    const check = fixtureCheck(db, site.origin);
    await check.run(follow.id);
    expect(site.stats.byPath.get('/creators/feeds/videos.xml') ?? 0).toBe(before);
    expect(await seenRows(follow.id)).toEqual([]);
  });

  it('keeps why a check could not read the listing, shown until a check reads it again', async () => {
    const follow = await followChannel(db, user, base + 40, Date.now());
    const failing = fixtureCheck(db, site.origin, {
      fetchFeed: async () => {
        throw new AppError('upstream_timeout', 'The feed did not answer');
      },
    });
    await failing.run(follow.id);
    const errorOf = async () => (await db.get<{ last_check_error: string | null }>('SELECT last_check_error FROM follows WHERE id = ?', [follow.id]))!.last_check_error;
    expect(await errorOf()).toBe('upstream_timeout');
    await fixtureCheck(db, site.origin).run(follow.id);
    expect(await errorOf()).toBeNull();
  });

  it('puts the check off while the platform is paused, without reading the feed', async () => {
    const at = Date.now();
    const follow = await followChannel(db, user, base + 6, at);
    const before = site.stats.byPath.get('/creators/feeds/videos.xml') ?? 0;
    const check = fixtureCheck(db, site.origin, {
      checkBreaker: () => {
        throw new AppError('platform_paused', 'paused', { retryAfter: 600 });
      },
    });
    await check.run(follow.id);
    expect(site.stats.byPath.get('/creators/feeds/videos.xml') ?? 0).toBe(before);
    const row = await db.get<{ next_check_at: number; primed: number }>('SELECT next_check_at, primed FROM follows WHERE id = ?', [follow.id]);
    expect(Number(row!.next_check_at)).toBeGreaterThanOrEqual(at + 600_000);
    expect(Number(row!.primed)).toBe(0);
  });

  it('auto mode starts a download for a new upload, and skips it with the reason once the quota is used', async () => {
    const follow = await followChannel(db, user, base + 7, Date.now(), { mode: 'auto' });
    const quotaBytes = 10_000_000;
    const check = fixtureCheck(db, site.origin, { auto: () => ({ enabled: true, quotaBytes }) });
    await check.run(follow.id);
    const first = await upload(base + 7);
    await check.run(follow.id);
    expect(check.downloads).toEqual([{ userId: user, url: `${site.origin}/creators/${channelId(base + 7)}/videos/4.mp4` }]);
    expect(await listUploads(db, user)).toMatchObject([{ mediaId: first.mediaId, state: 'downloading', downloadId: expect.stringMatching(/^dl_1_/) }]);
    await db.run("UPDATE follow_uploads SET state = 'downloaded', bytes = ? WHERE media_id = ?", [quotaBytes, first.mediaId]);
    const second = await upload(base + 7);
    await check.run(follow.id);
    expect(check.downloads).toHaveLength(1);
    const listed = new Map((await listUploads(db, user)).map((u) => [u.mediaId, u]));
    expect(listed.get(second.mediaId)).toMatchObject({ state: 'skipped', reason: 'quota' });
  });

  it('counts downloads still running: a check finding 3 uploads with a quota for 1 starts 1, and the real size frees the rest', async () => {
    const follow = await followChannel(db, user, base + 9, Date.now(), { mode: 'auto' });
    // The feed gives no length: each upload reserves the estimate for an unknown one; the quota holds one.
    const quotaBytes = expectedBytes({});
    const check = fixtureCheck(db, site.origin, { auto: () => ({ enabled: true, quotaBytes }) });
    await check.run(follow.id);
    for (let i = 0; i < 3; i += 1) await upload(base + 9);
    await check.run(follow.id);
    expect(check.downloads).toHaveLength(1);
    const states = (await listUploads(db, user)).map((u) => `${u.state}:${u.reason ?? ''}`).sort();
    expect(states).toEqual(['downloading:', 'skipped:quota', 'skipped:quota']);
    expect(await usedFollowBytes(db, user)).toBe(quotaBytes);
    // The job learns the format's size: it replaces the estimate.
    expect(await reserveDownload(db, user, check.downloads[0].url, 5_000)).toBe(1);
    expect(await usedFollowBytes(db, user)).toBe(5_000);
    // The download ends far smaller than reserved: its real size replaces the reservation and leaves room.
    expect(await settleDownload(db, user, check.downloads[0].url, { ok: true, bytes: 1_000 })).toBe(1);
    expect(await usedFollowBytes(db, user)).toBe(1_000);
    // Once the download's file is no longer kept (its job row expires with it), it holds nothing any more.
    expect(await usedFollowBytes(db, user, Date.now() + 2 * 3_600_000)).toBe(0);
    await upload(base + 9);
    await check.run(follow.id);
    expect(check.downloads).toHaveLength(2);
  });

  it('lists new uploads in pick mode while the operator does not offer auto', async () => {
    const follow = await followChannel(db, user, base + 8, Date.now(), { mode: 'auto' });
    const check = fixtureCheck(db, site.origin, { auto: () => ({ enabled: false, quotaBytes: 1e12 }) });
    await check.run(follow.id);
    await upload(base + 8);
    await check.run(follow.id);
    expect(check.downloads).toEqual([]);
    expect((await listUploads(db, user)).map((u) => u.state)).toEqual(['new']);
  });
});

/** The hourly analysis quota's counters as the check kind meets them: in the store, or in Redis (REDIS_URL). */
const counterBackends = [
  ...dbEngines().map((engine) => ({ name: engine.name, create: engine.create, redis: false })),
  ...(testRedisUrl ? [{ name: 'sqlite + redis counters', create: createSqliteTestDb, redis: true }] : []),
];

describe.each(counterBackends.map((backend, i) => ({ ...backend, base: 1000 + 100 * i })))('follow checks and their owner on $name', ({ create, redis, base }) => {
  let db: Db;
  let user: string;
  let prefix: string;
  beforeEach(async () => {
    db = await create();
    user = await seedUser(db);
    if (redis) {
      prefix = testPrefix();
      Object.assign(process.env, { REDIS_URL: testRedisUrl, REDIS_PREFIX: prefix });
    }
  });
  afterEach(async () => {
    delete process.env.USER_ANALYZE_HOURLY_LIMIT;
    if (redis) {
      await closeRedis();
      await dropPrefix(testRedisUrl!, prefix);
      delete process.env.REDIS_URL;
      delete process.env.REDIS_PREFIX;
    }
    await db.close();
  });

  const linksUsed = async (at: number) => {
    const { key, quotas } = userAnalyzeQuotas(user, at);
    return (await peek(db, key, quotas)).states[0].used;
  };
  const feedReads = () => site.stats.byPath.get('/creators/feeds/videos.xml') ?? 0;

  it('charges every check to the owner\'s hourly analysis quota; over it, a check is put off to the next hour, not dropped', async () => {
    process.env.USER_ANALYZE_HOURLY_LIMIT = '2';
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    let clock = hour + 1_000;
    const follow = await followChannel(db, user, base + 1, clock);
    const check = fixtureCheck(db, site.origin, { now: () => clock });
    await check.run(follow.id);
    expect(await linksUsed(clock)).toBe(1);
    await upload(base + 1, '?title=First');
    await check.run(follow.id);
    expect(check.found).toHaveLength(1);
    expect(await linksUsed(clock)).toBe(2);

    // Over the quota: the feed is not read, nothing is recorded, and the follow is due again when the hour resets.
    await upload(base + 1, '?title=Second');
    const reads = feedReads();
    await check.run(follow.id);
    expect(feedReads()).toBe(reads);
    expect(check.found).toHaveLength(1);
    expect(await linksUsed(clock)).toBe(2);
    const row = await db.get<{ next_check_at: number }>('SELECT next_check_at FROM follows WHERE id = ?', [follow.id]);
    expect(Number(row!.next_check_at)).toBeGreaterThanOrEqual(hour + 3_600_000);

    // The next hour allows it: the upload it missed is found then.
    clock = hour + 3_600_000 + 1_000;
    await check.run(follow.id);
    expect(check.found).toHaveLength(2);
    expect(check.found[1].uploads.map((u) => u.title)).toEqual(['Second']);
    expect(await linksUsed(clock)).toBe(1);
  });

  it('never checks a follow of a disabled account (nor charges it), from the moment it is disabled', async () => {
    const at = Date.now();
    const follow = await followChannel(db, user, base + 2, at);
    const check = fixtureCheck(db, site.origin);
    await check.run(follow.id);
    await upload(base + 2, '?title=While+disabled');
    await db.run("UPDATE users SET role = 'disabled' WHERE id = ?", [user]);
    const reads = feedReads();
    const used = await linksUsed(at);
    await check.run(follow.id);
    expect(feedReads()).toBe(reads);
    expect(check.found).toEqual([]);
    expect(await linksUsed(at)).toBe(used);
    // Enabled again, its checks go on.
    await db.run("UPDATE users SET role = 'member' WHERE id = ?", [user]);
    await check.run(follow.id);
    expect(check.found).toHaveLength(1);
  });
});
