import 'server-only';
import type { Redis } from 'ioredis';
import { createRedis, getRedis, redisPrefix } from './connection';

/**
 * Publish/subscribe over Redis, JSON messages, for what every node must hear (a job's progress, a cache to drop).
 *
 *   const bus = getPubSub();                                  // the process's one, on one subscriber connection
 *   const off = await bus.subscribe('job:42', (msg) => …);    // resolves once Redis confirmed the subscription
 *   await bus.publish('job:42', { progress: 50 });            // → how many subscriber connections received it
 *   await off();                                              // the last handler gone, the channel is unsubscribed
 *
 * Channel names are put under REDIS_PREFIX. Delivery is at most once and only to processes subscribed at that
 * moment (Redis keeps nothing): state a late subscriber needs must also be stored. A handler that throws, or a
 * message that is not JSON, is logged and never stops the other handlers. After a reconnection the client
 * subscribes again by itself; messages published while it was away are lost.
 */
export interface PubSub {
  publish(channel: string, message: unknown): Promise<number>;
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
  /** Quits the subscriber connection (and the publisher when this bus owns it). */
  close(): Promise<void>;
}

type Handler = (message: unknown) => void;

export function createPubSub(options: { publisher: Redis; subscriber: Redis; prefix: string; ownsPublisher?: boolean }): PubSub {
  const { publisher, subscriber, prefix } = options;
  const handlers = new Map<string, Set<Handler>>();
  // One SUBSCRIBE/UNSUBSCRIBE at a time per channel, so a quick off-then-on never ends unsubscribed.
  const pending = new Map<string, Promise<unknown>>();
  const serial = (name: string, work: () => Promise<unknown>) => {
    const next = (pending.get(name) ?? Promise.resolve()).then(work, work);
    pending.set(name, next);
    return next;
  };

  subscriber.on('message', (name: string, text: string) => {
    const set = handlers.get(name);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      console.error(`[pubsub] a message on ${name} is not JSON; dropped`);
      return;
    }
    for (const handler of [...set]) {
      try {
        handler(message);
      } catch (error) {
        console.error(`[pubsub] a handler of ${name} failed`, error);
      }
    }
  });

  return {
    publish: (channel, message) => publisher.publish(prefix + channel, JSON.stringify(message)),
    async subscribe(channel, handler) {
      const name = prefix + channel;
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      await serial(name, async () => {
        if (handlers.get(name)?.size) await subscriber.subscribe(name);
      });
      let active = true;
      return async () => {
        if (!active) return;
        active = false;
        const current = handlers.get(name);
        current?.delete(handler);
        if (current?.size === 0) handlers.delete(name);
        await serial(name, async () => {
          if (!handlers.has(name)) await subscriber.unsubscribe(name);
        });
      };
    },
    async close() {
      handlers.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
      if (options.ownsPublisher) await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

// On globalThis: one subscriber connection per process, kept across Next dev reloads.
const holder = globalThis as typeof globalThis & { __grablinePubSub?: PubSub };

/** The process's bus: publishes on the shared command connection, listens on its own subscriber connection. */
export function getPubSub(): PubSub {
  holder.__grablinePubSub ??= createPubSub({
    publisher: getRedis(),
    // A subscriber waits for messages indefinitely; its commands are only (un)subscribe.
    subscriber: createRedis('subscriber', { maxRetriesPerRequest: null }),
    prefix: redisPrefix(),
  });
  return holder.__grablinePubSub;
}

export async function closePubSub(): Promise<void> {
  const current = holder.__grablinePubSub;
  holder.__grablinePubSub = undefined;
  await current?.close();
}
