import 'server-only';
import { Redis, type RedisOptions } from 'ioredis';
import { config } from '@/lib/config';

/**
 * Connections to the deployment's Redis (REDIS_URL). Without REDIS_URL nothing here is used and every shared
 * store keeps its embedded default.
 *
 *   redisEnabled()                         REDIS_URL is set
 *   createRedis(purpose, options?, url?)   a new connection, named `<prefix><purpose>` in CLIENT LIST
 *   getRedis()                             the process's one command connection (created on first use)
 *   redisKey(...parts)                     a key under REDIS_PREFIX (`grabline:` by default)
 *   bullPrefix()                           the prefix to hand BullMQ (its own `prefix` option; ioredis's
 *                                          keyPrefix must stay unset on a BullMQ connection)
 *   closeRedis()                           quits the shared connections (shutdown, tests)
 *
 * A BullMQ worker's connection needs `maxRetriesPerRequest: null` (pass it in `options`); the default here is
 * a command that fails after a few reconnection attempts, so a request never hangs on a Redis that is down.
 */

export function redisEnabled(): boolean {
  return config().env.REDIS_URL !== undefined;
}

export function redisPrefix(): string {
  return config().env.REDIS_PREFIX;
}

export function redisKey(...parts: string[]): string {
  return `${redisPrefix()}${parts.join(':')}`;
}

export function bullPrefix(): string {
  return `${redisPrefix()}bull`;
}

function requiredUrl(): string {
  const url = config().env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set');
  return url;
}

export function createRedis(purpose: string, options: RedisOptions = {}, url = requiredUrl()): Redis {
  const client = new Redis(url, {
    connectionName: `${redisPrefix()}${purpose}`.replace(/[^A-Za-z0-9_.:-]/g, '_'),
    connectTimeout: 5000,
    maxRetriesPerRequest: 3,
    // Reconnect for ever, backing off to 2 s: Redis restarting must not need the node restarted.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    ...options,
  });
  // An unhandled 'error' event would crash the process; reconnection is automatic, failed commands reject.
  client.on('error', () => {});
  return client;
}

// On globalThis, not in module scope: Next dev re-evaluates modules on reload and would open more connections.
const holder = globalThis as typeof globalThis & { __grablineRedis?: { url: string; client: Redis } };

export function getRedis(): Redis {
  const url = requiredUrl();
  if (holder.__grablineRedis?.url !== url) {
    holder.__grablineRedis?.client.disconnect();
    holder.__grablineRedis = { url, client: createRedis('command', {}, url) };
  }
  return holder.__grablineRedis.client;
}

/** Quits the shared command connection; the next getRedis() opens a new one. */
export async function closeRedis(): Promise<void> {
  const current = holder.__grablineRedis;
  holder.__grablineRedis = undefined;
  await current?.client.quit().catch(() => current.client.disconnect());
}
