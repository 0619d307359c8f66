import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The Redis the tests use: TEST_REDIS_URL, set by the test command (scripts/redis-test-server.sh start). Unset, the
 * Redis cases are skipped under a name that says so — never passed without running.
 */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;

export const REDIS_SKIP_REASON = 'skipped: TEST_REDIS_URL is unset (eval "$(scripts/redis-test-server.sh start | sed \'s/^/export TEST_REDIS_URL=/\')")';

/** A prefix of its own for one test file or case, so files running in parallel never see each other's keys. */
export function testPrefix(): string {
  return `t${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix` (SCAN + UNLINK; never FLUSHDB, other files share the server). */
export async function dropPrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

type AppStore = { name: string; open: () => Promise<() => Promise<void>> };

/**
 * appStores() and, when the test Redis runs, the first of them once more with REDIS_URL set: the rate-limit
 * counters then live in Redis, under a prefix of their own per open(), so each case starts from zero as it does
 * on a fresh database. Route tests run the same cases on both backends with
 * `describe.each(withRedisCounters(appStores()))`.
 */
export function withRedisCounters(stores: AppStore[]): AppStore[] {
  const url = testRedisUrl;
  if (!url) return stores;
  const [base] = stores;
  return [...stores, {
    name: `${base.name} + redis`,
    open: async () => {
      const closeBase = await base.open();
      const prefix = testPrefix();
      Object.assign(process.env, { REDIS_URL: url, REDIS_PREFIX: prefix });
      return async () => {
        const { closeRedis } = await import('@/lib/redis/connection');
        await closeRedis();
        await dropPrefix(url, prefix);
        delete process.env.REDIS_URL;
        delete process.env.REDIS_PREFIX;
        await closeBase();
      };
    },
  }];
}
