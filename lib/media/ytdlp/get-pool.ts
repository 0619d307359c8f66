import 'server-only';

import { getEgressProxy } from '@/lib/net/egress-proxy';

import { createYtdlpPool, type YtdlpPool } from './pool';

const globalForPool = globalThis as typeof globalThis & { grablineYtdlpPool?: YtdlpPool };

/**
 * The process's one pool, kept on globalThis so Next's dev reloads reuse the warm workers instead of
 * leaking a new set per reload. Every yt-dlp request goes through the egress proxy (DESIGN §5).
 */
export function getYtdlpPool(): YtdlpPool {
  globalForPool.grablineYtdlpPool ??= createYtdlpPool({
    proxyUrl: async () => (await getEgressProxy()).url,
  });
  return globalForPool.grablineYtdlpPool;
}
