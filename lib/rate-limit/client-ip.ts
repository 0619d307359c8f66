import 'server-only';
import { createHash } from 'node:crypto';
import type { NextRequest } from 'next/server';

/**
 * The caller's address, from the first `X-Forwarded-For` hop, trusted only behind our own proxy
 * (TRUST_PROXY=1); anyone can write that header otherwise. Without it every caller is 'local': route handlers
 * see no socket address in Next, so per-IP limits then apply to all anonymous callers together.
 */
export function clientIp(req: NextRequest): string {
  if (process.env.TRUST_PROXY !== '1') return 'local';
  const first = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return first || req.headers.get('x-real-ip')?.trim() || 'local';
}

/** Counters and throttles key on a hash, so the store never holds a visitor's address. */
export function ipKey(req: NextRequest): string {
  return `ip:${createHash('sha256').update(clientIp(req)).digest('hex').slice(0, 32)}`;
}
