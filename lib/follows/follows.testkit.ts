import type { Db } from '@/lib/db';
import { insertJobRow } from '@/lib/jobs/job-rows';
import type { JobContext } from '@/lib/jobs/runner';
import { fetchText } from '@/lib/net/guarded-fetch';
import { followCheckKind, type FollowCheckDeps, type FollowCheckState, type NewUploads } from './check-kind';
import { createFollow, type NewFollow } from './follows-store';
import { followFiltersSchema } from './schemas';

/** A YouTube-shaped channel id of the fixture site's creators (every such id exists there). */
export const channelId = (n: number) => `UC${String(n).padStart(22, 'x')}`;

export async function seedUser(db: Db, id = 'u1'): Promise<string> {
  await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', [id, `${id}@example.com`, 'h', 1]);
  return id;
}

export async function followChannel(db: Db, userId: string, n: number, at: number, extra: Partial<NewFollow> = {}) {
  return createFollow(db, userId, {
    platform: 'youtube', channelUrl: `https://www.youtube.com/channel/${channelId(n)}`, feedId: channelId(n), name: `Creator ${n}`,
    mode: 'pick', filters: followFiltersSchema.parse({}), ...extra,
  }, at, 60 * 60_000);
}

/** The check kind against the fixture site's feeds, with what it reported and started kept for the test. */
export function fixtureCheck(db: Db, origin: string, overrides: Partial<FollowCheckDeps> = {}) {
  const found: NewUploads[] = [];
  const downloads: { userId: string; url: string }[] = [];
  const kind = followCheckKind({
    db: async () => db,
    concurrency: 4,
    fetchFeed: async (url, signal) => (await fetchText(url, { signal })).text,
    analyze: async () => {
      throw new Error('a feed follow never runs yt-dlp');
    },
    youtubeFeedUrl: () => `${origin}/creators/feeds/videos.xml`,
    listingSize: () => 15,
    checkBreaker: () => undefined,
    auto: () => ({ enabled: false, quotaBytes: 0 }),
    startDownload: async (userId, url) => {
      downloads.push({ userId, url });
      // A download job's row, as the download jobs write it (living an hour): the quota counts kept files by it.
      const id = `dl_${downloads.length}_${Math.random().toString(36).slice(2, 8)}`;
      const at = Date.now();
      await insertJobRow(db, { id, type: 'download', state: { status: 'queued', progress: 0, message: '', result: null }, payload: {}, owner: userId, now: at, expiresAt: at + 3_600_000 });
      return id;
    },
    onNew: async (uploads) => void found.push(uploads),
    ...overrides,
  });
  const context = { id: 'check', signal: new AbortController().signal } as JobContext<FollowCheckState>;
  return { kind, found, downloads, run: (followId: string) => kind.run(context, { followId }) };
}

/** The store with every write counted (inside transactions too). */
export function countingWrites(db: Db): { db: Db; writes: string[] } {
  const writes: string[] = [];
  const wrap = (inner: Db): Db => ({
    ...inner,
    kind: inner.kind,
    query: (sql, params) => {
      if (!/^\s*SELECT/i.test(sql)) writes.push(sql);
      return inner.query(sql, params);
    },
    get: (sql, params) => {
      if (!/^\s*SELECT/i.test(sql)) writes.push(sql);
      return inner.get(sql, params);
    },
    run: (sql, params) => {
      writes.push(sql);
      return inner.run(sql, params);
    },
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    close: () => inner.close(),
  });
  return { db: wrap(db), writes };
}
