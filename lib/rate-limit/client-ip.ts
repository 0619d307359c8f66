import 'server-only';
import { createHash } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { clientAddress } from '@/lib/http/client-address';

export const clientIp = (req: NextRequest): string => clientAddress(req.headers);

/**
 * Whose work a request is, for limits on work held open at once: the signed-in user's, else its address's
 * (hashed). Undefined for an anonymous request with no known address (made in-process, not by a socket).
 */
export function clientKey(req: NextRequest, user: { id: string } | null): string | undefined {
  if (user) return `user:${user.id}`;
  return clientIp(req) === 'local' ? undefined : ipKey(req);
}

/** Counters and throttles key on a hash, so the store never holds a visitor's address. */
export function ipKey(req: NextRequest): string {
  return `ip:${createHash('sha256').update(clientIp(req)).digest('hex').slice(0, 32)}`;
}
