import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { dropPrefix, REDIS_SKIP_REASON, testPrefix, testRedisUrl } from '@/test/redis-server';
import { bullPrefix, closeRedis, createRedis, getRedis, redisEnabled, redisKey } from './connection';
import { closePubSub, createPubSub, getPubSub } from './pubsub';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the Redis settings', () => {
  it('are off without REDIS_URL, and keys go under REDIS_PREFIX', () => {
    vi.stubEnv('REDIS_URL', '');
    expect(redisEnabled()).toBe(false);
    expect(() => getRedis()).toThrow(/REDIS_URL is not set/);
    expect(redisKey('analysis', 'abc')).toBe('grabline:analysis:abc');
    vi.stubEnv('REDIS_PREFIX', 'site2:');
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    expect(redisEnabled()).toBe(true);
    expect(redisKey('rate', 'x')).toBe('site2:rate:x');
    expect(bullPrefix()).toBe('site2:bull');
  });

  it('a command to a Redis that is down fails instead of hanging', async () => {
    const client = createRedis('down-test', {}, 'redis://127.0.0.1:1');
    try {
      await expect(client.ping()).rejects.toThrow();
    } finally {
      client.disconnect();
    }
  });
});

const url = testRedisUrl;
(url ? describe : describe.skip)(url ? 'on a real Redis' : `on a real Redis — ${REDIS_SKIP_REASON}`, () => {
  const prefix = testPrefix();
  const redisUrl = url!;

  afterAll(async () => {
    await closePubSub();
    await closeRedis();
    await dropPrefix(redisUrl, prefix);
  });

  it('getRedis() is one shared connection, named after its purpose', async () => {
    vi.stubEnv('REDIS_URL', redisUrl);
    vi.stubEnv('REDIS_PREFIX', prefix);
    expect(getRedis()).toBe(getRedis());
    expect(await getRedis().ping()).toBe('PONG');
    expect(await getRedis().client('GETNAME')).toBe(`${prefix}command`);
    await getRedis().set(redisKey('probe'), '1', 'PX', 10_000);
    expect(await getRedis().get(`${prefix}probe`)).toBe('1');
  });

  it('pub/sub: JSON to every handler of a channel, under the prefix, none after unsubscribing', async () => {
    const bus = createPubSub({
      publisher: createRedis('pub', {}, redisUrl),
      subscriber: createRedis('sub', { maxRetriesPerRequest: null }, redisUrl),
      prefix,
      ownsPublisher: true,
    });
    const other = createRedis('other-sub', { maxRetriesPerRequest: null }, redisUrl);
    try {
      const a: unknown[] = [];
      const b: unknown[] = [];
      const offA = await bus.subscribe('job:1', (m) => a.push(m));
      const offB = await bus.subscribe('job:1', (m) => {
        b.push(m);
        throw new Error('a failing handler does not stop the others');
      });
      // Seen from outside: the channel carries the prefix.
      const raw: string[] = [];
      other.on('message', (_channel: string, text: string) => raw.push(text));
      await other.subscribe(`${prefix}job:1`);

      vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(await bus.publish('job:1', { progress: 50, bytes: 12345678901 })).toBe(2);
      expect(await bus.publish('job:2', { progress: 1 })).toBe(0);
      await vi.waitFor(() => expect(b).toHaveLength(1));
      expect(a).toEqual([{ progress: 50, bytes: 12345678901 }]);
      expect(raw).toEqual(['{"progress":50,"bytes":12345678901}']);

      await offA();
      await bus.publish('job:1', 'second');
      await vi.waitFor(() => expect(b).toEqual([{ progress: 50, bytes: 12345678901 }, 'second']));
      expect(a).toHaveLength(1);
      await offB();
      await offB();
      // No handler left: this bus's connection unsubscribed, only the outside listener still hears.
      expect(await bus.publish('job:1', 'third')).toBe(1);
    } finally {
      other.disconnect();
      await bus.close();
    }
  });

  it('getPubSub() is one subscriber connection for the process, however many channels', async () => {
    vi.stubEnv('REDIS_URL', redisUrl);
    vi.stubEnv('REDIS_PREFIX', prefix);
    const bus = getPubSub();
    expect(getPubSub()).toBe(bus);
    const got: unknown[] = [];
    const offs = await Promise.all(['x', 'y', 'z'].map((c) => bus.subscribe(c, (m) => got.push(m))));
    const clients = String(await getRedis().client('LIST'));
    expect(clients.split('\n').filter((line) => line.includes(`name=${prefix}subscriber`))).toHaveLength(1);
    await Promise.all(['x', 'y', 'z'].map((c) => bus.publish(c, c)));
    await vi.waitFor(() => expect([...got].sort()).toEqual(['x', 'y', 'z']));
    await Promise.all(offs.map((off) => off()));
  });
});
