import 'server-only';
import { createHash } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { clientAddress } from '@/lib/http/client-address';

export const clientIp = (req: NextRequest): string => clientAddress(req.headers);

/** Counters and throttles key on a hash, so the store never holds a visitor's address. */
export function ipKey(req: NextRequest): string {
  return `ip:${createHash('sha256').update(clientIp(req)).digest('hex').slice(0, 32)}`;
}
