import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { meterOn } from '@/lib/rate-limit/counters';
import { redisCounters } from '@/lib/rate-limit/redis-counters';
import { dayWindow } from '@/lib/rate-limit/windows';
import { REDIS_SKIP_REASON, testRedisUrl } from '@/test/redis-server';
import { createRedis } from '@/lib/redis/connection';
import { createPubSub } from '@/lib/redis/pubsub';

/**
 * Redis restarting under a running node: the connections come back by themselves, the subscriptions are made
 * again, and counters written before the restart are still there (the append-only file). A server of its own,
 * started with the same script as the test command's, since this one is stopped mid-test.
 */
/** The first free loopback port above the test server's own (63800 under the test command). */
async function freePort(): Promise<number> {
  for (let port = Number(new URL(testRedisUrl!).port) + 1; ; port++) {
    const server = createServer();
    const free = await new Promise<boolean>((done) => {
      server.once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => done(true));
    });
    if (free) {
      await new Promise((done) => server.close(done));
      return port;
    }
  }
}

(testRedisUrl ? describe : describe.skip)(testRedisUrl ? 'a Redis restart' : `a Redis restart — ${REDIS_SKIP_REASON}`, () => {
  let env: NodeJS.ProcessEnv;
  const script = (command: string) => execFileSync('bash', ['scripts/redis-test-server.sh', command], { env, encoding: 'utf8' }).trim();
  afterAll(() => {
    if (env) script('stop');
  });

  it('loses no counter and no subscription', async () => {
    const port = await freePort();
    // A dir of its own: the script's default dir is the suite's server, which must keep running.
    const dir = path.join(tmpdir(), `grabline-redis-restart-${process.pid}`);
    env = { ...process.env, REDIS_TEST_PORT: String(port), REDIS_TEST_DIR: dir };
    const url = script('start');
    const bus = createPubSub({
      publisher: createRedis('publisher', {}, url),
      subscriber: createRedis('subscriber', { maxRetriesPerRequest: null }, url),
      prefix: 'restart:',
      ownsPublisher: true,
    });
    const client = createRedis('counters', {}, url);
    try {
      const heard: unknown[] = [];
      await bus.subscribe('job:1', (message) => heard.push(message));
      const quotas = [{ window: dayWindow(Date.now()), limit: 10, message: 'day' }];
      await meterOn(redisCounters(client, 'restart:'), 'caller', quotas, 3);
      // appendfsync everysec: the write is on disk within a second.
      await new Promise((r) => setTimeout(r, 1500));

      process.kill(Number(readFileSync(`${dir}/redis.pid`, 'utf8')), 'SIGTERM');
      await vi.waitFor(() => expect(() => readFileSync(`${dir}/redis.pid`)).toThrow(), { timeout: 10_000, interval: 100 });
      execFileSync('/usr/bin/redis-server', [`${dir}/redis.conf`]);

      await vi.waitFor(async () => expect(await client.ping()).toBe('PONG'), { timeout: 10_000, interval: 200 });
      expect((await meterOn(redisCounters(client, 'restart:'), 'caller', quotas, 1)).states[0].used).toBe(4);
      await vi.waitFor(async () => {
        await bus.publish('job:1', 'after the restart');
        expect(heard).toContain('after the restart');
      }, { timeout: 10_000, interval: 300 });
    } finally {
      client.disconnect();
      await bus.close();
    }
  });
});
