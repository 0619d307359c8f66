import 'server-only';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '@/lib/errors';
import { isAllowlisted } from './allowlist';
import { isBlockedAddress } from './ip-policy';
import { hostnameOf, portOf } from './parse-target';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to. Injectable so tests can play a hostile DNS. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Where one request will go: the name it asked for and the one address it was checked against. */
export interface PinnedTarget {
  hostname: string;
  port: number;
  address: string;
  family: 4 | 6;
}

export function blockedError(): AppError {
  return new AppError('private_address', 'This address is not allowed');
}

/**
 * Resolve `url`'s host once and check every address it resolves to — a name that resolves to one public and
 * one private address is refused, since the socket layer may pick either. The first address is pinned: the
 * connection is made to exactly this address, so DNS answering differently a moment later changes nothing.
 */
export async function resolveTarget(url: URL, lookup: LookupAll): Promise<PinnedTarget> {
  const hostname = hostnameOf(url);
  const port = portOf(url);
  const allowed = isAllowlisted(hostname, port);
  const literal = isIP(hostname);
  if (literal !== 0) {
    if (!allowed && isBlockedAddress(hostname)) throw blockedError();
    return { hostname, port, address: hostname, family: literal === 6 ? 6 : 4 };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(hostname);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    throw new AppError('upstream_failed', 'Could not resolve the host', { cause: code ?? 'lookup_failed' });
  }
  if (addresses.length === 0 || addresses.some((entry) => isIP(entry.address) === 0)) {
    throw new AppError('upstream_failed', 'Could not resolve the host');
  }
  if (!allowed && addresses.some((entry) => isBlockedAddress(entry.address))) throw blockedError();
  const [first] = addresses;
  return { hostname, port, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
