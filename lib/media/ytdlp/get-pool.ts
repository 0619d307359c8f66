import 'server-only';

import { createYtdlpPool, type YtdlpPool } from './pool';

const globalForPool = globalThis as typeof globalThis & { grablineYtdlpPool?: YtdlpPool };

/**
 * The process's one pool, kept on globalThis so Next's dev reloads reuse the warm workers instead of
 * leaking a new set per reload. Every yt-dlp request goes through the egress proxy.
 */
export function getYtdlpPool(): YtdlpPool {
  globalForPool.grablineYtdlpPool ??= createYtdlpPool();
  return globalForPool.grablineYtdlpPool;
}
