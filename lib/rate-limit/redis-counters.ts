import 'server-only';
import type { Redis } from 'ioredis';
import type { CounterBackend } from './counter-types';

/**
 * Counters in Redis: one Lua script per request checks every quota and only then increments them all, so a
 * request is counted against all its quotas or none and no counter passes its limit however many nodes race
 * (a script runs alone on the server). Each counter is its own key, `<prefix>rate:{<key>}:<period>` — the
 * braces keep one caller's counters in one Redis Cluster slot — and expires when its window resets, plus a
 * grace so a node whose clock runs a little late never sets an expiry already past (which would drop the count).
 */
export const EXPIRY_GRACE_MS = 5 * 60 * 1000;

const SCRIPT = `
local cost = tonumber(ARGV[1])
local counts = {}
local allowed = 1
for i, k in ipairs(KEYS) do
  counts[i] = tonumber(redis.call('GET', k) or '0')
  if counts[i] + cost > tonumber(ARGV[i * 2]) then allowed = 0 end
end
if allowed == 1 then
  for i, k in ipairs(KEYS) do
    counts[i] = redis.call('INCRBY', k, cost)
    redis.call('PEXPIREAT', k, ARGV[i * 2 + 1])
  end
end
table.insert(counts, 1, allowed)
return counts
`;

type Scripted = Redis & { grablineMeter(keyCount: number, ...args: (string | number)[]): Promise<number[]> };
const defined = new WeakSet<Redis>();

function scripted(client: Redis): Scripted {
  // defineCommand sends the script once (EVALSHA after), and again by itself if Redis lost it in a restart.
  if (!defined.has(client)) {
    client.defineCommand('grablineMeter', { lua: SCRIPT });
    defined.add(client);
  }
  return client as Scripted;
}

export function redisCounters(client: Redis, prefix: string): CounterBackend {
  const keyOf = (key: string, period: string) => `${prefix}rate:{${key}}:${period}`;
  return {
    name: 'redis',
    async read(key, window) {
      return Number((await client.get(keyOf(key, window.period))) ?? 0);
    },
    async add(key, quotas, cost) {
      const keys = quotas.map((quota) => keyOf(key, quota.window.period));
      const args = quotas.flatMap((quota) => [quota.limit, quota.window.resetsAt + EXPIRY_GRACE_MS]);
      const [allowed, ...counts] = await scripted(client).grablineMeter(keys.length, ...keys, cost, ...args);
      return { added: allowed === 1, counts: counts.map(Number) };
    },
  };
}
