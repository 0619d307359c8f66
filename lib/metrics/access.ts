import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request may read /metrics: only with METRICS_TOKEN set and `Authorization: Bearer <that token>`.
 * Compared in constant time over fixed-length digests, so neither the token's content nor its length leaks.
 */
export function metricsAllowed(headers: Headers): boolean {
  const token = config().env.METRICS_TOKEN;
  if (!token) return false;
  const given = /^Bearer ([^\s]+)$/i.exec(headers.get('authorization')?.trim() ?? '')?.[1];
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(token));
}
