import 'server-only';
import type { Redis } from 'ioredis';
import type { Db } from '@/lib/db';
import { redisKey } from '@/lib/redis/connection';
import type { AnyKind, KindRegistry } from '../kind-registry';
import type { BaseState } from '../runner';

/** Queue, key and channel names, all under REDIS_PREFIX so a Redis can be shared. */
export const queueName = (type: string) => `jobs-${type}`;
export const stateKey = (id: string) => redisKey('job-state', id);
export const statesChannel = () => redisKey('job-states');
export const cancelChannel = () => redisKey('job-cancel');
export const onceKey = (key: string) => redisKey('once', key);
/** How long a `once` claim is remembered: far longer than any batch lives. */
export const ONCE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A state message on STATES_CHANNEL, and the value of a job's state key. */
export interface StateMessage {
  id: string;
  type: string;
  state: BaseState;
  final: boolean;
}

// Writes the state unless the stored one is final (a cancelled job's handler may still be talking); while the job
// runs its progress never goes below the stored one (a retried attempt starts again from 0); keeps the key's
// expiry unless a new one is given; publishes what it wrote. Returns 1 when written.
const SET_STATE = `
local value = ARGV[1]
local current = redis.call('GET', KEYS[1])
if current then
  local stored = cjson.decode(current)
  if stored.final then return 0 end
  local incoming = cjson.decode(value)
  if not incoming.final and stored.state.progress > incoming.state.progress then
    incoming.state.progress = stored.state.progress
    value = cjson.encode(incoming)
  end
end
if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[1], value, 'PXAT', ARGV[2])
elseif current then redis.call('SET', KEYS[1], value, 'KEEPTTL')
else redis.call('SET', KEYS[1], value, 'PX', ARGV[3]) end
redis.call('PUBLISH', ARGV[4], value)
return 1`;

/** A key whose job never said when it expires lives this long (the row in the store stays the authority). */
const FALLBACK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How the BullMQ runner keeps a job's state, from the web node that queued it and from whichever worker runs
 * it: the store's row first (what survives everything), then the job's key in Redis and a message on the
 * states channel, which every web node hears and passes to its live streams.
 */
export function createStateWriter(redis: Redis, kinds: KindRegistry, store: () => Promise<Db>, now: () => number) {
  const publish = async (kind: AnyKind, id: string, state: BaseState, expiresAt?: number) => {
    const message: StateMessage = { id, type: kind.type, state, final: kind.ended.includes(state.status) };
    const written = await redis.eval(SET_STATE, 1, stateKey(id), JSON.stringify(message), String(expiresAt ?? 0), String(FALLBACK_TTL_MS), statesChannel());
    return written === 1;
  };
  return {
    /** The job's first state, when it is queued: the key expires with the job. */
    first: (kind: AnyKind, id: string, state: BaseState, expiresAt: number) => publish(kind, id, state, expiresAt),
    async write(kind: AnyKind, id: string, state: BaseState): Promise<void> {
      try {
        if (!(await kinds.save(await store(), kind, id, state))) return;
      } catch (error) {
        console.error('[jobs] could not save job state', id, error);
      }
      try {
        await publish(kind, id, state, kind.encode(state, now()).expiresAt);
      } catch (error) {
        console.error('[jobs] could not publish job state', id, error);
      }
    },
    async read(id: string): Promise<StateMessage | undefined> {
      const value = await redis.get(stateKey(id));
      return value ? (JSON.parse(value) as StateMessage) : undefined;
    },
  };
}

export type StateWriter = ReturnType<typeof createStateWriter>;
