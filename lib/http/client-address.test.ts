import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPeer } from '@/test/peer';
import { clientAddress, fromTrustedProxy, requestIsHttps } from './client-address';

afterEach(() => vi.unstubAllEnvs());

const headers = (forwarded?: string, proto?: string, peer: string | null = '127.0.0.1') =>
  new Headers({
    ...(peer === null ? {} : fromPeer(peer)),
    ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
    ...(proto ? { 'x-forwarded-proto': proto } : {}),
  });

describe('clientAddress', () => {
  it('is the TCP peer without a trusted proxy, whatever headers the caller wrote', () => {
    expect(clientAddress(headers('203.0.113.9'))).toBe('127.0.0.1');
    expect(clientAddress(headers('203.0.113.9', undefined, '198.51.100.4'))).toBe('198.51.100.4');
    // An IPv4 peer on a dual-stack socket is the same client.
    expect(clientAddress(headers(undefined, undefined, '::ffff:198.51.100.4'))).toBe('198.51.100.4');
    expect(requestIsHttps(new URL('http://x/'), headers(undefined, 'https'))).toBe(false);
    // Next turns a caller's own X-Forwarded-Proto into the URL's scheme: that is no https either.
    expect(requestIsHttps(new URL('https://x/'), headers(undefined, 'https'))).toBe(false);
    expect(requestIsHttps(new URL('https://x/'), headers())).toBe(true);
  });

  it("a caller cannot name its own peer: only this process's random header counts", () => {
    expect(clientAddress(new Headers({ 'x-grabline-peer': '10.9.9.9', 'x-forwarded-for': '10.9.9.9' }))).toBe('local');
    expect(clientAddress(headers(undefined, undefined, null))).toBe('local');
  });

  it('behind one proxy takes the address it appended, never what the caller wrote', () => {
    vi.stubEnv('TRUST_PROXY', '1');
    expect(clientAddress(headers('203.0.113.9'))).toBe('203.0.113.9');
    // nginx's $proxy_add_x_forwarded_for appends the real peer to whatever the caller sent.
    expect(clientAddress(headers('1.1.1.1, 2.2.2.2, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(headers('6.6.6.6, 203.0.113.9'))).toBe(clientAddress(headers('7.7.7.7, 203.0.113.9')));
    expect(clientAddress(headers())).toBe('127.0.0.1');
    expect(requestIsHttps(new URL('http://x/'), headers(undefined, 'http, https'))).toBe(true);
  });

  it('believes forwarded headers only from a peer in TRUST_PROXY_FROM (loopback by default)', () => {
    vi.stubEnv('TRUST_PROXY', '1');
    // A direct client rotating X-Forwarded-For stays itself: it cannot pick its own rate-limit key.
    for (const forged of ['1.1.1.1', '2.2.2.2', '127.0.0.1', '10.0.0.1, 9.9.9.9']) {
      expect(clientAddress(headers(forged, undefined, '198.51.100.4'))).toBe('198.51.100.4');
    }
    expect(requestIsHttps(new URL('http://x/'), headers(undefined, 'https', '198.51.100.4'))).toBe(false);
    expect(fromTrustedProxy(headers(undefined, undefined, '::1'))).toBe(true);
    expect(fromTrustedProxy(headers(undefined, undefined, '198.51.100.4'))).toBe(false);

    vi.stubEnv('TRUST_PROXY_FROM', '10.0.0.0/8, fd00::/8');
    expect(clientAddress(headers('203.0.113.9', undefined, '10.1.2.3'))).toBe('203.0.113.9');
    expect(clientAddress(headers('203.0.113.9', undefined, 'fd00::1'))).toBe('203.0.113.9');
    expect(clientAddress(headers('203.0.113.9', undefined, '127.0.0.1'))).toBe('127.0.0.1');
    // TRUST_PROXY off: nobody is a proxy of ours.
    vi.stubEnv('TRUST_PROXY', '0');
    expect(clientAddress(headers('203.0.113.9', undefined, '10.1.2.3'))).toBe('10.1.2.3');
  });

  it('behind n proxies takes the n-th from the right', () => {
    vi.stubEnv('TRUST_PROXY', '1');
    vi.stubEnv('TRUST_PROXY_HOPS', '2');
    expect(clientAddress(headers('9.9.9.9, 203.0.113.9, 10.0.0.2'))).toBe('203.0.113.9');
    expect(clientAddress(headers('203.0.113.9'))).toBe('203.0.113.9');
  });

  it('reads a pathological X-Forwarded-For in linear time', () => {
    vi.stubEnv('TRUST_PROXY', '1');
    const started = performance.now();
    expect(clientAddress(headers(`${', '.repeat(200_000)}203.0.113.9`))).toBe('203.0.113.9');
    expect(performance.now() - started).toBeLessThan(100);
  });
});
