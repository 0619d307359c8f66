import 'server-only';
import type { Redis } from 'ioredis';

/**
 * Text values under one namespace of keys, each with its own time to live — a shared cache's storage.
 *
 *   const store = redisTextStore(getRedis(), redisKey('analysis') + ':');
 *   await store.set('abc', json, 60_000);   // SET <namespace>abc json PX 60000
 *   await store.get('abc');                 // the text, or null once expired
 *   await store.clear();                    // every key of the namespace (SCAN + UNLINK, never FLUSHDB)
 */
export interface RedisTextStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string, ttlMs: number): Promise<void>;
  clear(): Promise<void>;
}

export function redisTextStore(client: Redis, namespace: string): RedisTextStore {
  return {
    get: (name) => client.get(namespace + name),
    async set(name, value, ttlMs) {
      await client.set(namespace + name, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async clear() {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${namespace.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 500);
        if (keys.length > 0) await client.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}
