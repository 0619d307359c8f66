import 'server-only';
import { config } from '@/lib/config';

/**
 * `MEDIA_FETCH_ALLOW=127.0.0.1:4555,localhost:4556` lets tests reach their fixture servers on loopback.
 * Exact `host:port` pairs only — no wildcards, no port ranges — and empty in production.
 */
const allowedOrigins = (): Set<string> => new Set(config().env.MEDIA_FETCH_ALLOW);

/** `host` is a hostname or IP literal; IPv6 literals match the bracketed form (`[::1]:4555`). */
export function isAllowlisted(host: string, port: number): boolean {
  const bare = host.toLowerCase();
  const spelled = bare.includes(':') && !bare.startsWith('[') ? `[${bare}]` : bare;
  return allowedOrigins().has(`${spelled}:${port}`);
}
