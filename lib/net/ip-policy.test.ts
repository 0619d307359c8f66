import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from './ip-policy';

describe('isBlockedAddress', () => {
  it.each([
    ['loopback 127/8', ['127.0.0.1', '127.255.255.254']],
    ['"this network" 0/8', ['0.0.0.0', '0.1.2.3']],
    ['private 10/8', ['10.0.0.1', '10.255.255.255']],
    ['private 172.16/12', ['172.16.0.1', '172.31.255.255']],
    ['private 192.168/16', ['192.168.0.1', '192.168.255.255']],
    ['link-local 169.254/16 incl. cloud metadata', ['169.254.169.254', '169.254.0.1']],
    ['CGNAT 100.64/10', ['100.64.0.1', '100.127.255.255']],
    ['IETF 192.0.0/24', ['192.0.0.1', '192.0.0.255']],
    ['TEST-NET-1 192.0.2/24', ['192.0.2.1']],
    ['benchmarking 198.18/15', ['198.18.0.1', '198.19.255.255']],
    ['TEST-NET-2 198.51.100/24', ['198.51.100.7']],
    ['TEST-NET-3 203.0.113/24', ['203.0.113.9']],
    ['multicast 224/4', ['224.0.0.1', '239.255.255.250']],
    ['reserved 240/4', ['240.0.0.1', '250.1.2.3']],
    ['broadcast', ['255.255.255.255']],
  ])('blocks IPv4 %s', (_name, addresses) => {
    for (const address of addresses) expect(isBlockedAddress(address), address).toBe(true);
  });

  it.each([
    ['unspecified ::', ['::', '0:0:0:0:0:0:0:0']],
    ['loopback ::1', ['::1', '[::1]', '0:0:0:0:0:0:0:1']],
    ['unique local fc00::/7', ['fc00::1', 'fd12:3456:789a::1', 'fdff:ffff::']],
    ['link-local fe80::/10', ['fe80::1', 'fe80::1%eth0', 'febf::1']],
    ['multicast ff00::/8', ['ff02::1', 'ff05::2']],
    ['IPv4-mapped of blocked v4', ['::ffff:127.0.0.1', '[::ffff:127.0.0.1]', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:10.1.2.3']],
    ['IPv4-compatible of blocked v4', ['::127.0.0.1', '::7f00:1', '::192.168.1.1']],
    ['IPv4-translated of blocked v4', ['::ffff:0:127.0.0.1']],
    ['NAT64 64:ff9b::/96 of blocked v4', ['64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b::a00:1']],
    ['local-use NAT64 64:ff9b:1::/48', ['64:ff9b:1::808:808']],
    ['6to4 2002::/16 of blocked v4', ['2002:7f00:1::', '2002:c0a8:101::1', '2002:a9fe:a9fe::1']],
    ['Teredo and documentation', ['2001::1', '2001:db8::1']],
  ])('blocks IPv6 %s', (_name, addresses) => {
    for (const address of addresses) expect(isBlockedAddress(address), address).toBe(true);
  });

  it('allows public addresses, including the edges just outside blocked ranges', () => {
    const allowed = [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '172.15.255.255',
      '172.32.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '169.253.255.255',
      '192.0.1.1',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ];
    for (const address of allowed) expect(isBlockedAddress(address), address).toBe(false);
  });

  it('fails closed on anything that is not an IP literal', () => {
    for (const value of ['', 'localhost', 'example.com', '127.1', '0x7f000001', '2130706433', '1.2.3.4.5', ':::1']) {
      expect(isBlockedAddress(value), value).toBe(true);
    }
  });
});
