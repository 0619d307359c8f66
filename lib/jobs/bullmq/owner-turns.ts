import 'server-only';
import type { Redis } from 'ioredis';
import { redisPrefix } from '@/lib/redis/connection';

/** BullMQ's lowest priority (its numbers run from 1, served first, to 2^21 - 1). */
export const PRIORITY_MAX = 2 ** 21 - 1;
/** How long an owner's bookkeeping outlives its last job (a lost worker's leftovers then go by themselves). */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The open edition's way to take turns: a job added while its owner has n − 1 jobs of the kind waiting or running
 * gets priority n, so every owner's first job comes before anyone's second — an owner whose jobs hold the slots
 * does not start afresh at 1 just because none of theirs is waiting at that moment. Running jobs are the leased
 * places below (expired leases are not counted); the jobs an owner still has waiting keep their numbers. One
 * script, so jobs added at once on several nodes get distinct numbers.
 */
const NEXT_PRIORITY = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[4])
local n = redis.call('SCARD', KEYS[1]) + redis.call('ZCARD', KEYS[2]) + 1
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
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

/** The limit `claim` is given for an owner without a cap of their own: every job takes a place. */
export const UNCAPPED = 2 ** 31;

export function ownerTurns(redis: Redis) {
  const client = scripted(redis);
  return {
    /** The priority of the owner's job being added now. */
    next: (type: string, owner: string, id: string) =>
      client.grablineNextPriority(2, keyOf(type, owner, 'waiting'), keyOf(type, owner, 'running'), id, KEEP_MS, PRIORITY_MAX, Date.now()),
    /** The job no longer waits (it started, or was cancelled). */
    left: (type: string, owner: string, id: string) => redis.srem(keyOf(type, owner, 'waiting'), id).then(() => undefined),
    /**
     * True when the job may run now under the owner's limit (none: `UNCAPPED`); its place — what `next` counts as
     * running — lasts `leaseMs` unless renewed.
     */
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
