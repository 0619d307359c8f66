import 'server-only';
import { config } from '@/lib/config';
import { bearerToken } from '@/lib/http/bearer';
import { sameSecret } from '@/lib/http/server-secret';

/**
 * Whether a request may read /metrics: only with METRICS_TOKEN set and `Authorization: Bearer <that token>`.
 */
export function metricsAllowed(headers: Headers): boolean {
  const token = config().env.METRICS_TOKEN;
  if (!token) return false;
  return sameSecret(bearerToken(headers), token);
}
