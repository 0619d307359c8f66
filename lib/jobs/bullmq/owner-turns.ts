import 'server-only';
import type { Redis } from 'ioredis';
import { redisPrefix } from '@/lib/redis/connection';

/** BullMQ's lowest priority (its numbers run from 1, served first, to 2^21 - 1). */
export const PRIORITY_MAX = 2 ** 21 - 1;
/** How long an owner's bookkeeping outlives its last job (a lost worker's leftovers then go by themselves). */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The open edition's way to take turns: an owner's n-th waiting job of a kind gets priority n, so every owner's
 * first job comes before anyone's second. n restarts at 1 once the owner has nothing waiting; the jobs an owner
 * still has waiting keep their numbers. One script, so jobs added at once on several nodes get distinct numbers.
 */
const NEXT_PRIORITY = `
if redis.call('SCARD', KEYS[1]) == 0 then redis.call('SET', KEYS[2], 0) end
redis.call('SADD', KEYS[1], ARGV[1])
local n = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return math.min(n, tonumber(ARGV[3]))
`;

/**
 * An owner's running jobs of a kind: a sorted set of job ids scored by when their lease ends. A job takes a place
 * when fewer than the owner's limit hold one (or it already holds one: a stalled job run again); leases are
 * renewed while the job runs, so a dead worker's places free themselves.
 */
const CLAIM = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  redis.call('PEXPIREAT', KEYS[1], ARGV[3])
  return 1
end
return 0
`;

type Scripted = Redis & {
  grablineNextPriority(keys: number, ...args: (string | number)[]): Promise<number>;
  grablineClaimPlace(keys: number, ...args: (string | number)[]): Promise<number>;
};

const defined = new WeakSet<Redis>();
function scripted(redis: Redis): Scripted {
  if (!defined.has(redis)) {
    redis.defineCommand('grablineNextPriority', { lua: NEXT_PRIORITY });
    redis.defineCommand('grablineClaimPlace', { lua: CLAIM });
    defined.add(redis);
  }
  return redis as Scripted;
}

// The braces keep one owner's keys of a kind in one Redis Cluster slot (a script touches both).
const keyOf = (type: string, owner: string, what: string) => `${redisPrefix()}fair:{${type}:${owner}}:${what}`;

export function ownerTurns(redis: Redis) {
  const client = scripted(redis);
  return {
    /** The priority of the owner's job being added now. */
    next: (type: string, owner: string, id: string) =>
      client.grablineNextPriority(2, keyOf(type, owner, 'waiting'), keyOf(type, owner, 'seq'), id, KEEP_MS, PRIORITY_MAX),
    /** The job no longer waits (it started, or was cancelled). */
    left: (type: string, owner: string, id: string) => redis.srem(keyOf(type, owner, 'waiting'), id).then(() => undefined),
    /** True when the job may run now under the owner's limit; its place lasts `leaseMs` unless renewed. */
    async claim(type: string, owner: string, id: string, limit: number, leaseMs: number): Promise<boolean> {
      const at = Date.now();
      return (await client.grablineClaimPlace(1, keyOf(type, owner, 'running'), id, at, at + leaseMs, limit)) === 1;
    },
    renew: (type: string, owner: string, id: string, leaseMs: number) =>
      redis.zadd(keyOf(type, owner, 'running'), 'XX', Date.now() + leaseMs, id).then(() => undefined),
    release: (type: string, owner: string, id: string) => redis.zrem(keyOf(type, owner, 'running'), id).then(() => undefined),
  };
}

export type OwnerTurns = ReturnType<typeof ownerTurns>;
