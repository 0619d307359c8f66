import 'server-only';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';
import { NAMED_PLATFORMS } from '@/lib/platforms';

/**
 * How one environment variable's text becomes a value: the readers lib/config.ts builds its schema from (whole
 * numbers in a range, on/off flags, origins, comma lists, address ranges, JSON maps), and the checks a secret or
 * an address list needs. Each reader names what it wants in its error, which the server prints at start.
 */

export const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number')
    .min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
export const flag = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((v) => ['1', 'true', 'on', 'yes'].includes(v));
/** An origin as listed, without trailing slashes (cut by a walk back from the end: /\/+$/ is quadratic on a run of them). */
export const origin = z.url({ protocol: /^https?$/ }).transform((v) => {
  let end = v.length;
  while (end > 0 && v[end - 1] === '/') end -= 1;
  return v.slice(0, end);
});
export const hostPorts = z.string().transform((raw, ctx) => {
  const entries = raw.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  for (const entry of entries) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry)) ctx.addIssue({ code: 'custom', message: `"${entry}" is not host:port` });
  }
  return entries;
});
export const list = z.string().transform((raw) => raw.split(',').map((e) => e.trim()).filter(Boolean));
/** Addresses and CIDR ranges ("127.0.0.1", "10.0.0.0/8", "fd00::/8"), IPv4 and IPv6. */
export const addressRanges = list.transform((entries, ctx) => {
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!family || !prefixOk || extra !== undefined) ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR range` });
  }
  return entries;
});
export const slugUrls = z.string().transform((raw, ctx) => {
  try {
    return z.record(z.string(), z.url()).parse(JSON.parse(raw));
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object of "slug": "https://…" pairs' });
    return z.NEVER;
  }
});


export const canaryMap = z.string().transform((raw, ctx) => {
  try {
    return z.partialRecord(z.enum(NAMED_PLATFORMS), z.array(z.url({ protocol: /^https?$/ })).min(1).max(5))
      .parse(JSON.parse(raw));
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be a JSON object of platform → ["https://…", …] (${NAMED_PLATFORMS.join(', ')}; 1 to 5 links each)` });
    return z.NEVER;
  }
});


export function blockListOf(entries: string[]): BlockList {
  const ranges = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) ranges.addAddress(address, family);
    else ranges.addSubnet(address, Number(bits), family);
  }
  return ranges;
}

/**
 * A secret copied from an example rather than made: the words examples use in place of one, one character repeated,
 * or a word anyone would guess first. Such a value signs nothing and protects nothing, so the server does not start.
 */
export const PLACEHOLDER_SECRET = /change[-_ ]?(?:me|this|it)|placeholder|replace[-_ ]?(?:me|this|with)|your[-_ ]?(?:own[-_ ]?)?(?:secret|password)|example|^(.)\1*$|^(?:secret|password|passw0rd|grabline|postgres|admin|root|test|123456)$/i;

/** The password in a postgres:// URL, decoded; null when it has none (peer or trust authentication). */
export function databasePassword(url: string): string | null {
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : null;
  } catch {
    return null;
  }
}
