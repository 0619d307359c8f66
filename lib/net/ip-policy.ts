import 'server-only';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses the server may connect to on a user's behalf. IPv4 is a deny list of every special-purpose
 * block that is not globally reachable (IANA registry); IPv6 is an allow list of global unicast (2000::/3),
 * because almost everything outside it is local, and the forms that carry an IPv4 address inside them
 * (mapped, compatible, translated, NAT64, 6to4) are judged by that IPv4 address — otherwise `::ffff:127.0.0.1`
 * would be a way around the IPv4 rules.
 */

const BLOCKED_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast 255.255.255.255
];

function parseIPv4(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

const BLOCKED_V4_RANGES = BLOCKED_V4.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const start = parseIPv4(base);
  return { start, end: start + size - 1 };
});

function isBlockedV4(value: number): boolean {
  return BLOCKED_V4_RANGES.some(({ start, end }) => value >= start && value <= end);
}

/** Eight 16-bit groups; the input must already have passed `isIPv6`. */
function parseIPv6(ip: string): number[] {
  let text = ip;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    text = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : new Array(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...zeros, ...restGroups].map((group) => parseInt(group, 16));
}

function v4From(high: number, low: number): number {
  return high * 65536 + low;
}

function isBlockedV6(g: number[]): boolean {
  const zeroUpTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  // ::a.b.c.d (compatible; also covers :: and ::1, which are 0.0.0.0 and 0.0.0.1)
  if (zeroUpTo(6)) return isBlockedV4(v4From(g[6], g[7]));
  // ::ffff:a.b.c.d (mapped)
  if (zeroUpTo(5) && g[5] === 0xffff) return isBlockedV4(v4From(g[6], g[7]));
  // ::ffff:0:a.b.c.d (SIIT translated)
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return isBlockedV4(v4From(g[6], g[7]));
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    // 64:ff9b::/96 is the well-known NAT64 prefix; 64:ff9b:1::/48 is for local NAT64 and never public.
    if (g.slice(2, 6).every((group) => group === 0)) return isBlockedV4(v4From(g[6], g[7]));
    return true;
  }
  // 6to4: the IPv4 address of the relay sits right after the prefix.
  if (g[0] === 0x2002) return isBlockedV4(v4From(g[1], g[2]));
  // 2001::/23 holds Teredo (obfuscated IPv4 inside), benchmarking, ORCHID — none of it serves media.
  if (g[0] === 0x2001 && g[1] < 0x0200) return true;
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  // Everything outside global unicast: fc00::/7, fe80::/10, fec0::/10, ff00::/8, 100::/64, unassigned.
  return (g[0] & 0xe000) !== 0x2000;
}

/**
 * True when the server must not connect to `ip`. Anything that is not a literal IP address is blocked too:
 * callers pass resolved addresses, so a non-address here is a bug and failing closed is the safe answer.
 */
export function isBlockedAddress(ip: string): boolean {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (isIPv4(text)) return isBlockedV4(parseIPv4(text));
  if (isIPv6(text)) return isBlockedV6(parseIPv6(text));
  return true;
}
